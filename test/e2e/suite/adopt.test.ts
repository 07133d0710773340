import * as assert from 'assert';
import * as vscode from 'vscode';
import { api, appendToArray, codeOf, fixture, openFixture, revert, rulelensDiagnostics, sleep, waitFor } from './helpers';

const BROAD = '{ "action": "edit", "resource": "*", "effect": "allow" }';

suite('ready to adopt: editor rough edges', () => {
  suiteSetup(async () => {
    assert.ok(await (await api()).ready(), 'the language server is running');
  });

  test('a JSON syntax error is reported once: by VS Code\'s JSON service, not again by RuleLens', async () => {
    const doc = await openFixture('opencode/opencode.json');
    try {
      const edit = new vscode.WorkspaceEdit();
      edit.insert(doc.uri, doc.positionAt(doc.getText().indexOf('"permissions"')), '"oops": ,\n  ');
      await vscode.workspace.applyEdit(edit);
      const json = await waitFor('VS Code\'s JSON diagnostics', () => vscode.languages.getDiagnostics(doc.uri).filter((d) => d.source !== 'rulelens'), (d) => d.length > 0);
      console.log('      json:', json.map((d) => `${d.source}: ${d.message}`).join(' | '));
      await sleep(1500);
      const ours = rulelensDiagnostics(doc.uri).filter((d) => /invalid JSON/.test(d.message));
      assert.deepStrictEqual(ours.map((d) => d.message), [], 'no second report of the same syntax error');
    } finally {
      await revert(doc);
    }
  });

  test('the lint code link opens the page rendered, and quick fixes are ordered by safety', async () => {
    const doc = await openFixture('opencode/opencode.json');
    try {
      await appendToArray(doc, 'permissions', BROAD);
      const diags = await waitFor('shadowed-deny', () => rulelensDiagnostics(doc.uri), (d) => d.some((x) => codeOf(x) === 'shadowed-deny'));
      const shadowed = diags.find((d) => codeOf(d) === 'shadowed-deny')!;
      const target = (shadowed.code as { target: vscode.Uri }).target;
      assert.strictEqual(target.scheme, 'command', `a command link, not the raw page: ${target.toString()}`);
      assert.strictEqual(target.path, 'rulelens.showDocumentation');
      await vscode.commands.executeCommand('rulelens.showDocumentation', JSON.parse(decodeURIComponent(target.query))[0]);
      const tab = await waitFor('the rendered page', () => vscode.window.tabGroups.all.flatMap((g) => g.tabs).find((t) => /shadowed-deny/.test(t.label) && /Preview/i.test(t.label)));
      assert.ok(tab!.input instanceof vscode.TabInputWebview, `a preview: ${tab!.label}`);

      const actions = (await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', doc.uri, shadowed.range, vscode.CodeActionKind.QuickFix.value)) ?? [];
      const ours = actions.filter((a) => /rule|stored request/i.test(a.title));
      console.log('      fixes:', ours.map((a) => `${a.title}${a.isPreferred ? ' (preferred)' : ''}`).join(' | '));
      assert.match(ours[0].title, /^Move rule 3/);
      assert.strictEqual(ours[0].isPreferred, true);
      const remove = ours.findIndex((a) => a.title.startsWith('Remove rule 3'));
      assert.ok(remove > 0 && ours.slice(remove + 1).every((a) => !/^(Move|Add)/.test(a.title)), 'removing the deny comes last');
      assert.ok(ours.some((a) => /^Add stored request .*\(expects deny; currently allow\)$/.test(a.title)));
    } finally {
      await revert(doc);
    }
  });

  test('rulelens.codeLens: summary shows one lens per file; all is back afterwards', async () => {
    const uri = fixture('opencode/opencode.requests.json');
    await openFixture('opencode/opencode.requests.json');
    const config = vscode.workspace.getConfiguration('rulelens');
    const lenses = async () => (await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri, 20)) ?? [];
    await waitFor('all lenses', lenses, (l) => l.length >= 7);
    try {
      await config.update('codeLens', 'summary', vscode.ConfigurationTarget.Workspace);
      await waitFor('only the summary lens', lenses, (l) => l.length === 1);
    } finally {
      await config.update('codeLens', undefined, vscode.ConfigurationTarget.Workspace);
    }
    await waitFor('all lenses again', lenses, (l) => l.length >= 7);
  });

  test('the trace view follows the active editor to another file with the same stored request', async () => {
    const rulelens = await api();
    await openFixture('opencode/opencode.json');
    await rulelens.evaluate({ uri: fixture('opencode/opencode.json').toString(), requestName: 'B: a protected path' });
    assert.strictEqual(rulelens.traceView()?.subject.result.verdict?.decision, 'deny');
    await openFixture('opencode-broad/opencode.json');
    const state = await waitFor('the view on opencode-broad', () => rulelens.traceView(), (s) => !!s && s.subject.ruleUri.path.includes('opencode-broad'));
    assert.strictEqual(state!.subject.requestName, 'B: a protected path');
    assert.strictEqual(state!.subject.result.verdict?.decision, 'allow', 'edit * allow decides B in the broad file');
  });
});
