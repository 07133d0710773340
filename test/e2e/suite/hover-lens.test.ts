import * as assert from 'assert';
import * as vscode from 'vscode';
import { api, fixture, openFixture, waitFor } from './helpers';

function hoverText(hovers: vscode.Hover[]): string {
  return hovers.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : 'value' in c ? c.value : ''))).join('\n');
}

suite('hover and code lenses', () => {
  suiteSetup(async () => {
    assert.ok(await (await api()).ready(), 'the language server is running');
  });

  test('hovering a rule tells what it decides', async () => {
    const doc = await openFixture('opencode/opencode.json');
    const at = doc.positionAt(doc.getText().indexOf('secrets/*') + 2);
    const text = await waitFor('a RuleLens hover', async () =>
      hoverText((await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', doc.uri, at)) ?? []), (t) => /Rule 3/.test(t));
    console.log('      hover:', text.split('\n')[0]);
    assert.match(text, /\*\*Rule 3\*\*/);
    assert.match(text, /edit secrets\/\* deny/);
    assert.match(text, /B: a protected path/, 'names a stored request it decides');
  });

  test('code lenses summarise and show each stored request verdict', async () => {
    const uri = fixture('opencode/opencode.requests.json');
    await openFixture('opencode/opencode.requests.json');
    const lenses = await waitFor('code lenses', async () =>
      (await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri, 20)) ?? [], (l) => l.length >= 7);
    const titles = lenses.map((l) => l.command?.title ?? '');
    console.log('      lenses:', titles.join(' | '));
    assert.strictEqual(titles[0], '6 requests: 6 passed, 0 failed');
    assert.ok(titles.includes('deny — rule 3 ✓'), 'B is denied by rule 3');
    const b = lenses.find((l) => l.command?.title === 'deny — rule 3 ✓')!;
    assert.strictEqual(b.command!.command, 'rulelens.showTrace');
  });

  test('rule-file lenses say which requests each rule decides', async () => {
    const uri = fixture('opencode/opencode.json');
    await openFixture('opencode/opencode.json');
    const lenses = await waitFor('code lenses', async () =>
      (await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri, 20)) ?? [], (l) => l.length >= 4);
    const titles = lenses.map((l) => l.command?.title ?? '');
    console.log('      lenses:', titles.join(' | '));
    assert.ok(titles.some((t) => /^decides .*\(deny\)/.test(t)), 'the deny rule decides something');
  });
});
