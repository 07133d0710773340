import * as assert from 'assert';
import * as vscode from 'vscode';
import { api, appendToArray, codeOf, fixture, openFixture, rulelensDiagnostics, sleep, waitFor } from './helpers';

const BROAD = '{ "action": "edit", "resource": "*", "effect": "allow" }';

/** Puts a document back exactly as it was and saves it, whether or not an edit was saved meanwhile. */
async function restore(doc: vscode.TextDocument, original: string): Promise<void> {
  const all = new vscode.Range(doc.positionAt(0), doc.positionAt(doc.getText().length));
  const edit = new vscode.WorkspaceEdit();
  edit.replace(doc.uri, all, original);
  await vscode.workspace.applyEdit(edit);
  await doc.save();
}

suite('ready to adopt: editor rough edges', () => {
  suiteSetup(async () => {
    assert.ok(await (await api()).ready(), 'the language server is running');
  });

  test('a JSON syntax error is reported once: by VS Code\'s JSON service, not again by RuleLens', async () => {
    const doc = await openFixture('opencode/opencode.json');
    const original = doc.getText();
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
      await restore(doc, original);
    }
  });

  test('the lint code link opens the page rendered, not the raw Markdown', async () => {
    const uri = fixture('opencode/opencode.requests.json');
    await openFixture('opencode/opencode.requests.json');
    const diags = await waitFor('empty-resources', () => rulelensDiagnostics(uri), (d) => d.some((x) => codeOf(x) === 'empty-resources'));
    const target = (diags.find((d) => codeOf(d) === 'empty-resources')!.code as { target: vscode.Uri }).target;
    assert.strictEqual(target.scheme, 'command', `a command link, not the raw page: ${target.toString()}`);
    assert.strictEqual(target.path, 'rulelens.showDocumentation');
    await vscode.commands.executeCommand('rulelens.showDocumentation', JSON.parse(decodeURIComponent(target.query))[0]);
    const tab = await waitFor('the rendered page', () => vscode.window.tabGroups.all.flatMap((g) => g.tabs).find((t) => /empty-resources/.test(t.label) && /Preview/i.test(t.label)));
    assert.ok(tab!.input instanceof vscode.TabInputWebview, `a preview: ${tab!.label}`);
    await vscode.window.tabGroups.close(tab!);
  });

  test('quick fixes on a shadowed deny are ordered by safety', async () => {
    const doc = await openFixture('opencode/opencode.json');
    const original = doc.getText();
    try {
      await appendToArray(doc, 'permissions', BROAD);
      const diags = await waitFor('shadowed-deny', () => rulelensDiagnostics(doc.uri), (d) => d.some((x) => codeOf(x) === 'shadowed-deny'));
      const shadowed = diags.find((d) => codeOf(d) === 'shadowed-deny')!;
      const actions = (await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', doc.uri, shadowed.range, vscode.CodeActionKind.QuickFix.value)) ?? [];
      const ours = actions.filter((a) => /rule|stored request/i.test(a.title));
      console.log('      fixes:', ours.map((a) => `${a.title}${a.isPreferred ? ' (preferred)' : ''}`).join(' | '));
      const move = ours.find((a) => /^Move rule 3/.test(a.title));
      assert.ok(move, 'moving the deny is offered');
      assert.strictEqual(move.isPreferred, true, 'and preferred');
      assert.deepStrictEqual(ours.filter((a) => a.isPreferred).map((a) => a.title), [move.title]);
      const remove = ours.find((a) => a.title.startsWith('Remove rule 3'));
      assert.ok(!remove?.isPreferred, 'removing the deny is never preferred');
      assert.ok(ours.some((a) => /^Add stored request .*\(expects deny; currently allow\)$/.test(a.title)));
    } finally {
      await restore(doc, original);
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
