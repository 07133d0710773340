import * as assert from 'assert';
import * as vscode from 'vscode';
import type { EvaluateResult } from '../../../shared/protocol';
import { api, fixture, openFixture, waitFor } from './helpers';

const evaluate = async (arg: unknown): Promise<EvaluateResult | undefined> => vscode.commands.executeCommand<EvaluateResult | undefined>('rulelens.evaluateRequest', arg);

suite('Evaluate Request and the trace view', () => {
  suiteSetup(async () => {
    assert.ok(await (await api()).ready(), 'the language server is running');
  });

  test('a stored opencode request: deny by rule 3, with the controlling rule marked', async () => {
    const uri = fixture('opencode/opencode.json');
    const result = await evaluate({ uri: uri.toString(), requestName: 'C: a mixed operation' });
    assert.ok(result?.ok, result?.error);
    assert.strictEqual(result.verdict!.decision, 'deny');
    assert.strictEqual(result.verdict!.rule?.index, 2);
    const sections = result.verdict!.trace.sections;
    assert.deepStrictEqual(sections.map((s) => s.subject), ['docs/start.md', 'secrets/test.env']);
    const state = (await api()).traceView();
    assert.ok(state, 'the trace view is open');
    assert.match(state.title, /C: a mixed operation/);
    assert.strictEqual(state.canSave, false, 'a stored request is not offered for saving again');
    // The matrix: every rule × subject, marks, the controlling cell and the aggregate stamp.
    assert.strictEqual((state.html.match(/<tr class="[^"]*" data-match="[01]"><th class="rule">/g) ?? []).length, 3, 'one row per rule');
    // Three rules: the filter is offered, off, and counts the rows it would keep.
    assert.match(state.html, /<input type="checkbox" id="matching"> Matching rules only<\/label> <span class="count">\(\d of 3 rules match\)/);
    assert.doesNotMatch(state.html, /branch: /, 'no engine branch id in the page');
    assert.ok((state.html.match(/class="mark [^"]*controlling/g) ?? []).length >= 2, 'controlling cells highlighted');
    assert.match(state.html, /✓/);
    assert.match(state.html, /✗/);
    assert.match(state.html, /class="stamp deny"/);
    assert.match(state.html, /<div class="expect met" id="expect">✓ expected deny<\/div>/, 'the stored expectation is shown as met');
    assert.match(state.html, /Content-Security-Policy/);
    assert.doesNotMatch(state.html, /(src|href)="https?:/, 'no external resources');
  });

  test('a typed request is evaluated, and saved as a synthetic stored request', async () => {
    const rules = fixture('opencode-save/opencode.json');
    const result = await evaluate({ uri: rules.toString(), request: { action: 'edit', resources: ['src/typed.ts'] } });
    assert.ok(result?.ok, result?.error);
    assert.strictEqual(result.verdict!.decision, 'ask');
    const lens = await api();
    assert.strictEqual(lens.traceView()?.canSave, true);
    const saved = await lens.saveShownRequest('typed: src/typed.ts');
    assert.strictEqual(saved?.toString(), fixture('opencode-save/opencode.requests.json').toString());
    const text = (await vscode.workspace.openTextDocument(saved)).getText();
    const stored = (JSON.parse(text) as { requests: Array<Record<string, unknown>> }).requests.find((r) => r.name === 'typed: src/typed.ts');
    assert.deepStrictEqual(stored, { name: 'typed: src/typed.ts', origin: 'synthetic', action: 'edit', resources: ['src/typed.ts'], expect: 'ask' });
    // The server sees the new request and it passes.
    const again = await waitFor('the saved request evaluated by name', () => evaluate({ uri: rules.toString(), requestName: 'typed: src/typed.ts' }), (r) => !!r?.ok);
    assert.strictEqual(again!.verdict!.decision, 'ask');
  });

  test('a request file is created when the rule file has none', async () => {
    const rules = fixture('opencode-fresh/opencode.json');
    await vscode.workspace.fs.writeFile(rules, Buffer.from('{ "permissions": [ { "action": "bash", "resource": "git *", "effect": "allow" } ] }\n'));
    await openFixture('opencode-fresh/opencode.json');
    const result = await evaluate({ uri: rules.toString(), request: { action: 'bash', resources: ['git status'] } });
    assert.strictEqual(result?.verdict?.decision, 'allow');
    const saved = await (await api()).saveShownRequest('git status');
    assert.strictEqual(saved?.path, fixture('opencode-fresh/opencode.requests.json').path);
    const body = JSON.parse((await vscode.workspace.openTextDocument(saved)).getText());
    assert.deepStrictEqual(body, { requests: [{ name: 'git status', origin: 'synthetic', action: 'bash', resources: ['git status'], expect: 'allow' }] });
  });

  test('a malformed typed request gives an error naming the field, not an exception', async () => {
    const result = await evaluate({ uri: fixture('opencode/opencode.json').toString(), request: { action: 'edit', resources: 'docs/a.md' } });
    assert.strictEqual(result?.ok, false);
    assert.match(result.error ?? '', /resources/);
    assert.match((await api()).traceView()!.html, /Could not evaluate/);
  });

  for (const [dialect, file, name, decision, native] of [
    ['claude', 'claude/.claude/settings.json', 'deny reaches a sub-command', 'deny', 'deny'],
    ['omp', 'omp/config.json', 'compound line cannot use the allow', 'deny', 'deny'],
    ['bounds', 'bounds/.attesso/rules.json', 'send after an untrusted read', 'deny', 'DENY'],
  ] as const) {
    test(`${dialect}: "${name}" → ${native}`, async () => {
      await openFixture(file);
      const result = await evaluate({ uri: fixture(file).toString(), requestName: name });
      assert.ok(result?.ok, result?.error);
      assert.strictEqual(result.verdict!.decision, decision);
      assert.strictEqual(result.verdict!.native, native);
      assert.ok(result.verdict!.trace.sections.length > 0, 'the trace has subjects');
      const html = (await api()).traceView()!.html;
      assert.match(html, new RegExp(`class="stamp ${decision}"`));
    });
  }

  test('the showTrace command used by code lenses opens the same view', async () => {
    const uri = fixture('opencode/opencode.json').toString();
    const result = await vscode.commands.executeCommand<EvaluateResult>('rulelens.showTrace', { uri, requestName: 'A: a narrow grant' });
    assert.strictEqual(result.verdict?.decision, 'allow');
    assert.match((await api()).traceView()!.title, /A: a narrow grant/);
  });
});
