import * as vscode from 'vscode';
import type { RuleLensApi } from '../../../client/extension';

export const EXTENSION_ID = 'rulelens.rulelens';

export async function extension(): Promise<vscode.Extension<RuleLensApi>> {
  const ext = vscode.extensions.getExtension<RuleLensApi>(EXTENSION_ID);
  if (!ext) throw new Error(`${EXTENSION_ID} is not installed`);
  await ext.activate();
  return ext;
}

export async function api(): Promise<RuleLensApi> {
  return (await extension()).exports;
}

export function fixture(rel: string): vscode.Uri {
  return vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0].uri, rel);
}

export async function openFixture(rel: string): Promise<vscode.TextDocument> {
  const doc = await vscode.workspace.openTextDocument(fixture(rel));
  await vscode.window.showTextDocument(doc);
  return doc;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls until `get` returns something truthy (and `ok` accepts it), or throws with the last value. */
export async function waitFor<T>(what: string, get: () => T | Promise<T>, ok: (v: T) => boolean = (v) => !!v, ms = 30000): Promise<T> {
  const t0 = Date.now();
  let last: T | undefined;
  while (Date.now() - t0 < ms) {
    last = await get();
    if (ok(last)) return last;
    await sleep(100);
  }
  throw new Error(`timed out waiting for ${what}; last: ${JSON.stringify(last)?.slice(0, 800)}`);
}

export function rulelensDiagnostics(uri: vscode.Uri): vscode.Diagnostic[] {
  return vscode.languages.getDiagnostics(uri).filter((d) => d.source === 'rulelens');
}

export function codeOf(d: vscode.Diagnostic): string {
  return typeof d.code === 'object' && d.code ? String(d.code.value) : String(d.code);
}

/** Appends text before the closing bracket of the first array under `key`, in the editor, unsaved. */
export async function appendToArray(doc: vscode.TextDocument, key: string, item: string): Promise<void> {
  const text = doc.getText();
  const open = text.indexOf('[', text.indexOf(`"${key}"`));
  let depth = 0;
  let close = -1;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '[') depth++;
    else if (text[i] === ']' && --depth === 0) { close = i; break; }
  }
  const before = text.slice(open + 1, close).trimEnd();
  const at = open + 1 + before.length;
  const edit = new vscode.WorkspaceEdit();
  edit.insert(doc.uri, doc.positionAt(at), `${before.trim() ? ',' : ''}\n    ${item}`);
  await vscode.workspace.applyEdit(edit);
}

export async function revert(doc: vscode.TextDocument): Promise<void> {
  await vscode.window.showTextDocument(doc);
  await vscode.commands.executeCommand('workbench.action.files.revert');
}

/** The lines a change removed and added, between the longest common head and tail. */
export function lineDiff(before: string, after: string): { at: number; removed: string[]; added: string[] } {
  const a = before.split('\n');
  const b = after.split('\n');
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  return { at: head, removed: a.slice(head, a.length - tail), added: b.slice(head, b.length - tail) };
}

/** The same edits without their annotations: applied at once, where the editor would first show its preview. */
export function plain(edit: vscode.WorkspaceEdit): vscode.WorkspaceEdit {
  const out = new vscode.WorkspaceEdit();
  for (const [uri, edits] of edit.entries()) for (const e of edits) out.replace(uri, e.range, e.newText);
  return out;
}

/**
 * The code actions for a range with RuleLens findings, once the server has checked the document's
 * current version: with its fixes it offers each finding's "Show documentation for …". Until then
 * it offers only a disabled note (fixes are never computed from an earlier version's result),
 * which `vscode.executeCodeActionProvider` leaves out, as it does every disabled action.
 */
export function codeActions(uri: vscode.Uri, range: vscode.Range, ms?: number): Promise<vscode.CodeAction[]> {
  return waitFor(
    'the fixes of the current version',
    async () => (await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', uri, range)) ?? [],
    (actions) => actions.some((a) => a.title.startsWith('Show documentation for ')),
    ms,
  );
}
