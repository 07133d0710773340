import * as assert from 'assert';
import * as vscode from 'vscode';
import { codeActions, lineDiff, openFixture, plain, revert, waitFor } from './helpers';

// The history (`history/imported.history.json`, as `rulelens import` writes one): `npm test` and
// `npm run build` approved, `npm publish` denied; the settings allow `Bash(npm *)` and three more.
suite('Tighten from history changes what its title says', () => {
  test('applied to Bash(npm *): that one rule becomes the two narrow rules, the rest of the file stays as it was', async () => {
    const config = vscode.workspace.getConfiguration('rulelens');
    await config.update('history', 'history/imported.history.json', vscode.ConfigurationTarget.Workspace);
    const doc = await openFixture('history/.claude/settings.json');
    try {
      const original = doc.getText();
      const line = original.split('\n').findIndex((l) => l.includes('"Bash(npm *)"'));
      const cursor = new vscode.Range(line, 9, line, 9);
      // The setting reaches the server after the file's first check: asked until the action is there.
      const actions = await waitFor('Tighten from history on Bash(npm *)', () => codeActions(doc.uri, cursor), (as) => as.some((a) => a.title.startsWith('Tighten from history')), 60000);
      const tighten = actions.find((a) => a.title.startsWith('Tighten from history'))!;
      assert.strictEqual(tighten.title, 'Tighten from history: Bash(npm *) → 2 narrow rules');
      // The whole-file rewrite is a separate action that says it is one.
      assert.ok(actions.some((a) => /^Rewrite the whole file from history: /.test(a.title)), actions.map((a) => a.title).join(' | '));
      assert.deepStrictEqual(tighten.edit!.entries().map(([u]) => u.toString()), [doc.uri.toString()], 'edits this file only');
      assert.ok(await vscode.workspace.applyEdit(plain(tighten.edit!)));
      const diff = lineDiff(original, doc.getText());
      const what = `-${JSON.stringify(diff.removed)} +${JSON.stringify(diff.added)} at line ${diff.at + 1}`;
      assert.strictEqual(diff.at, line, `${what}: the change starts at the rule`);
      assert.deepStrictEqual(diff.removed.map((l) => l.trim()), ['"Bash(npm *)",'], `${what}: that rule alone goes`);
      assert.deepStrictEqual(diff.added.map((l) => l.trim()), ['"Bash(npm run build)",', '"Bash(npm test)",'], `${what}: the two narrow rules the title counts, in its place`);
      assert.deepStrictEqual(JSON.parse(doc.getText()).permissions.deny, [], 'no deny added');
    } finally {
      await revert(doc);
      await config.update('history', undefined, vscode.ConfigurationTarget.Workspace);
    }
  });
});
