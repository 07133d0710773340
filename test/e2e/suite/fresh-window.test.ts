import * as assert from 'assert';
import { spawnSync } from 'child_process';
import * as path from 'path';
import * as vscode from 'vscode';
import { api, extension } from './helpers';

interface CheckedFile { dialect: string; requestsPath: string | null; requests: Array<{ name: string; outcome: string; decision: string | null }> }

/** The Testing view's word for each of the CLI's buckets. */
const AS_TEST: Record<string, string> = { passed: 'passed', failed: 'failed', invalid: 'errored', unchecked: 'skipped' };

// Runs first (see index.ts): nothing has been opened in this window, so no dialect was readied by
// an open file. The workspace holds the shipped examples (Claude Code, Codex and Gemini parse
// commands with WebAssembly) and a requests file with requests that carry no `expect`.
suite('a fresh window', () => {
  test('Run All Tests before any file is opened gives what `rulelens check` gives, for every stored request', async () => {
    assert.deepStrictEqual(vscode.workspace.textDocuments.filter((d) => d.uri.scheme === 'file').map((d) => d.uri.fsPath), [], 'no file is open yet');
    const lens = await api();
    assert.ok(await lens.ready(), 'the language server is running');
    await lens.runTests();
    const results = lens.testResults();
    const folder = vscode.workspace.workspaceFolders![0].uri.fsPath;
    const cli = spawnSync(process.execPath, [path.join((await extension()).extensionPath, 'bin', 'rulelens.js'), 'check', folder, '--format', 'json'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    assert.ok(cli.stdout, `rulelens check printed nothing: ${cli.stderr}`);
    const files = (JSON.parse(cli.stdout) as { files: CheckedFile[] }).files.filter((f) => f.requestsPath);
    const want: Record<string, string> = {};
    for (const f of files) for (const r of f.requests) want[`${vscode.Uri.file(f.requestsPath!).toString()}#${r.name}`] = AS_TEST[r.outcome];
    const dialects = new Set(files.map((f) => f.dialect));
    for (const d of ['claude', 'codex', 'gemini']) assert.ok(dialects.has(d), `the shipped ${d} example is in the workspace`);
    const skipped = Object.values(want).filter((o) => o === 'skipped').length;
    assert.ok(skipped >= 2, 'some requests have no expect');
    console.log(`      ${Object.keys(want).length} stored requests; the CLI: ${['passed', 'failed', 'skipped', 'errored'].map((o) => `${Object.values(want).filter((x) => x === o).length} ${o}`).join(', ')}`);
    const mine = Object.fromEntries(Object.keys(want).map((k) => [k, results[k]]));
    assert.deepStrictEqual(mine, want, 'each stored request: the Testing view against rulelens check');
    assert.deepStrictEqual(Object.keys(results).filter((k) => !(k in want)), [], 'the Testing view has no test the CLI does not know');
  });
});
