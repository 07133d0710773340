import * as vscode from 'vscode';
import { appendRequestEdits, appendRequestText } from './requests-text';
import { requestsCandidates } from '../../shared/requests/locate';

/** The requests file that belongs to a rule file: an existing sibling, else the preferred new name. */
export async function requestsFileFor(ruleUri: vscode.Uri): Promise<vscode.Uri> {
  if (/\.requests\.jsonc?$/i.test(ruleUri.path)) return ruleUri;
  const candidates = requestsCandidates(ruleUri.path).map((p) => ruleUri.with({ path: p }));
  for (const c of candidates) if (await exists(c)) return c;
  return candidates[0];
}

async function exists(uri: vscode.Uri): Promise<boolean> {
  try {
    await vscode.workspace.fs.stat(uri);
    return true;
  } catch {
    return false;
  }
}

/**
 * Appends a request through a WorkspaceEdit (so it is undoable and reaches the open document) and
 * saves the file, creating it when it does not exist yet.
 */
export async function appendRequest(requestsUri: vscode.Uri, request: Record<string, unknown>): Promise<void> {
  const edit = new vscode.WorkspaceEdit();
  if (await exists(requestsUri)) {
    const doc = await vscode.workspace.openTextDocument(requestsUri);
    const eol = doc.eol === vscode.EndOfLine.CRLF ? '\r\n' : '\n';
    for (const e of appendRequestEdits(doc.getText(), request, eol)) {
      edit.replace(requestsUri, new vscode.Range(doc.positionAt(e.offset), doc.positionAt(e.offset + e.length)), e.content);
    }
  } else {
    edit.createFile(requestsUri, { ignoreIfExists: true });
    edit.insert(requestsUri, new vscode.Position(0, 0), appendRequestText('', request));
  }
  if (!(await vscode.workspace.applyEdit(edit))) throw new Error(`Could not edit ${requestsUri.fsPath}`);
  const doc = await vscode.workspace.openTextDocument(requestsUri);
  await doc.save();
}
