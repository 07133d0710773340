// Every in-host test starts from a fresh copy of the fixtures: a test that saved an edit (or left
// one unsaved) must not change what the next test sees.
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';

/** The pristine fixtures: the repository's test/e2e/workspace (the folder under test is a copy). */
export function pristineFolder(): string {
  const dev = process.env.RULELENS_E2E_DEV;
  const dir = process.env.RULELENS_E2E_FIXTURES ?? (dev ? path.join(dev, 'test', 'e2e', 'workspace') : undefined);
  if (!dir || !fs.existsSync(dir)) throw new Error(`pristine fixtures not found (RULELENS_E2E_FIXTURES=${dir ?? 'unset'})`);
  return dir;
}

function files(root: string, rel = ''): string[] {
  return fs.readdirSync(path.join(root, rel), { withFileTypes: true }).flatMap((e) => {
    const r = path.join(rel, e.name);
    return e.isDirectory() ? files(root, r) : [r];
  });
}

/**
 * Discards unsaved edits, closes every editor, then makes the workspace folder equal to the pristine
 * fixtures: changed files rewritten, files a test created deleted. Waits until documents VS Code
 * still holds show the pristine text.
 * @returns the files that had to be restored or deleted (relative paths)
 */
export async function freshFixtures(): Promise<string[]> {
  for (const doc of vscode.workspace.textDocuments.filter((d) => d.isDirty)) {
    await vscode.window.showTextDocument(doc);
    await vscode.commands.executeCommand('workbench.action.files.revert');
  }
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  const pristine = pristineFolder();
  const ws = vscode.workspace.workspaceFolders![0].uri.fsPath;
  const want = new Map(files(pristine).map((r) => [r, fs.readFileSync(path.join(pristine, r), 'utf8')]));
  const touched: string[] = [];
  for (const r of files(ws)) {
    if (!want.has(r)) {
      fs.rmSync(path.join(ws, r));
      touched.push(r);
    }
  }
  for (const [r, text] of want) {
    const p = path.join(ws, r);
    if (fs.existsSync(p) && fs.readFileSync(p, 'utf8') === text) continue;
    fs.mkdirSync(path.dirname(p), { recursive: true });
    fs.writeFileSync(p, text);
    touched.push(r);
  }
  for (const r of touched) {
    const text = want.get(r);
    if (text === undefined) continue;
    const doc = vscode.workspace.textDocuments.find((d) => d.uri.fsPath === path.join(ws, r));
    if (!doc) continue;
    const t0 = Date.now();
    // VS Code reloads a held document when its file changes on disk; never start a test on stale text.
    while (doc.getText() !== text) {
      if (Date.now() - t0 > 30_000) throw new Error(`${r}: the editor kept the old text after the fixture was restored`);
      await new Promise((res) => setTimeout(res, 100));
    }
  }
  return touched;
}
