import * as assert from 'assert';
import * as vscode from 'vscode';
import { extension, openFixture } from './helpers';

suite('activation', () => {
  test('the extension under development activates on a rule file', async () => {
    await openFixture('opencode/opencode.json');
    const ext = await extension();
    assert.ok(ext.isActive, 'RuleLens is active');
    // The development copy must be the one under test, not the packaged one installed beside it.
    assert.strictEqual(ext.extensionUri.fsPath, process.env.RULELENS_E2E_DEV ?? ext.extensionUri.fsPath);
  });

  test('contributes the commands', async () => {
    const all = await vscode.commands.getCommands(true);
    for (const c of ['rulelens.evaluateRequest', 'rulelens.showTrace', 'rulelens.showOutput']) assert.ok(all.includes(c), c);
  });

  test('*.requests.json opens as JSON with Comments', async () => {
    const doc = await openFixture('opencode/opencode.requests.json');
    assert.strictEqual(doc.languageId, 'jsonc');
  });
});
