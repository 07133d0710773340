import * as assert from 'assert';
import * as vscode from 'vscode';
import type { StatusParams } from '../../../shared/protocol';
import { api, fixture, openFixture, waitFor } from './helpers';

/** Rules of the generated file: large enough that its lints run in the background for a while. */
const RULES = 3000;
const REL = 'opencode-large/opencode.json';

function ruleText(): string {
  const effects = ['allow', 'ask', 'deny'];
  const rules = Array.from({ length: RULES }, (_, i) => `    { "action": "${i % 2 ? 'bash' : 'edit'}", "resource": "*a${i % 17}*b*${i}*", "effect": "${effects[i % 3]}" }`);
  return `{\n  "permissions": [\n${rules.join(',\n')},\n    { "action": "edit", "resource": "*", "effect": "allow" }\n  ]\n}\n`;
}

function hoverText(hovers: vscode.Hover[]): string {
  return hovers.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : 'value' in c ? c.value : ''))).join('\n');
}

suite('an edit of a large rule file', () => {
  const file = fixture(REL);

  suiteSetup(async () => {
    assert.ok(await (await api()).ready(), 'the language server is running');
    // Through VS Code's file service, so the workbench knows the file at once.
    await vscode.workspace.fs.writeFile(file, Buffer.from(ruleText()));
  });

  suiteTeardown(async () => {
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    await vscode.workspace.fs.delete(vscode.Uri.joinPath(file, '..'), { recursive: true, useTrash: false });
  });

  test('shows checking… in the status item while the new version is checked, a hover answers meanwhile, and diagnostics follow', async () => {
    const lens = await api();
    const doc = await openFixture(REL);
    await waitFor('the first check to end', () => lens.status(doc.uri), (s) => s?.dialect === 'opencode' && s.checking === undefined, 120_000);
    const seen: Array<{ status: StatusParams; text: string }> = [];
    const sub = lens.onDidChangeStatus((s) => {
      if (s.uri === doc.uri.toString()) seen.push({ status: s, text: lens.statusText() });
    });
    try {
      // The catch-all's effect: allow → deny, one keystroke's worth of change.
      const at = doc.getText().lastIndexOf('"allow"');
      const edit = new vscode.WorkspaceEdit();
      edit.replace(doc.uri, new vscode.Range(doc.positionAt(at), doc.positionAt(at + '"allow"'.length)), '"deny"');
      assert.ok(await vscode.workspace.applyEdit(edit));
      // A hover asked right after the edit answers (from the last finished check, or the new one).
      const pos = doc.positionAt(doc.getText().indexOf('"*a1*b*1*"') + 3);
      const hover = hoverText((await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', doc.uri, pos)) ?? []);
      assert.match(hover, /Rule 2/, 'the hover names the rule');
      await waitFor('the edited version checked', () => seen, (xs) => xs.length > 0 && xs.at(-1)!.status.checking === undefined, 120_000);
      assert.ok(seen[0].status.checking, `the first status after the edit says checking: ${JSON.stringify(seen[0].status)}`);
      assert.match(seen[0].text, /checking…/);
      assert.doesNotMatch(seen.at(-1)!.text, /checking/);
      // Once checked, answers are of the edited text.
      const last = doc.positionAt(doc.getText().lastIndexOf('"*"') + 1);
      const after = hoverText((await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', doc.uri, last)) ?? []);
      assert.match(after, /edit \* deny/, after.split('\n')[0]);
      assert.doesNotMatch(after, /earlier version/);
    } finally {
      sub.dispose();
    }
  });
});
