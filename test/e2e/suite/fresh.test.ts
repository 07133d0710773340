import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import { api, appendToArray, codeOf, fixture, openFixture, rulelensDiagnostics, sleep, waitFor } from './helpers';
import { pristineFolder } from './fresh';

const BROAD = '{ "action": "edit", "resource": "*", "effect": "allow" }';
/** Longer than the web workbench's auto-save delay (1 s): an edit left unsaved this long would be saved if auto-save were on. */
const AUTO_SAVE_WINDOW_MS = 2500;

suite('test isolation', () => {
  suiteSetup(async () => {
    assert.ok(await (await api()).ready(), 'the language server is running');
  });

  test('the editor never saves an edit by itself', async () => {
    assert.strictEqual(vscode.workspace.getConfiguration('files').get('autoSave'), 'off');
    const doc = await openFixture('opencode/opencode.json');
    await appendToArray(doc, 'permissions', BROAD);
    await sleep(AUTO_SAVE_WINDOW_MS);
    assert.ok(doc.isDirty, 'the edit is still unsaved');
    assert.ok(!fs.readFileSync(doc.uri.fsPath, 'utf8').includes('"resource": "*", "effect": "allow"'), 'nothing reached the disk');
  });

  test('a test may save an edit to a fixture', async () => {
    const doc = await openFixture('opencode/opencode.json');
    await appendToArray(doc, 'permissions', BROAD);
    assert.ok(await doc.save());
    await waitFor('broad-catch-all on the saved file', () => rulelensDiagnostics(doc.uri), (d) => d.some((x) => codeOf(x) === 'broad-catch-all'));
  });

  test('the next test starts from the pristine fixture, on disk, in the editor and in the findings', async () => {
    const pristine = fs.readFileSync(path.join(pristineFolder(), 'opencode', 'opencode.json'), 'utf8');
    assert.strictEqual(fs.readFileSync(fixture('opencode/opencode.json').fsPath, 'utf8'), pristine);
    const doc = await openFixture('opencode/opencode.json');
    assert.strictEqual(doc.getText(), pristine);
    assert.ok(!doc.isDirty);
    await waitFor('findings of the pristine file', () => rulelensDiagnostics(doc.uri), (d) => !d.some((x) => codeOf(x) === 'broad-catch-all'));
  });
});
