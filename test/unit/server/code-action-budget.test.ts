import * as assert from 'assert';
import * as fs from 'fs';
import { Deadline } from '../../../shared/analysis/budget';
import { codeActionsFor, MORE_FIXES } from '../../../server/service/code-actions';
import { ALL_FEATURES } from '../../../server/service/host';
import { open, service, tempExample, withRule } from './helpers';

/** A budget already spent: a clock the test moves past its end. */
function spent(): Deadline {
  let now = 0;
  const d = new Deadline(1, () => now);
  now = 10;
  return d;
}

describe('language service: code actions under a budget', () => {
  function setup() {
    const ex = tempExample();
    const ls = service();
    // Two catch-alls after the example's rules: several findings, each with fixes.
    const text = withRule(withRule(fs.readFileSync(ex.rules, 'utf8'), '{ "action": "edit", "resource": "*", "effect": "allow" }'), '{ "action": "*", "resource": "*", "effect": "allow" }');
    const uri = open(ls, ex.rules, text);
    const diags = ls.doValidation(uri);
    const ctx = { uri, analysis: ls.analyze(uri), ws: ls.workspace, features: ALL_FEATURES };
    const all = { start: { line: 0, character: 0 }, end: { line: 1000, character: 0 } };
    return { ctx, diags, all };
  }

  it('past its budget, gives the first diagnostic\'s fixes and a note on how many were left out', () => {
    const { ctx, diags, all } = setup();
    assert.ok(diags.length >= 2, diags.map((d) => d.code).join(' '));
    const full = codeActionsFor(ctx, all, diags, () => diags, new Deadline(60_000));
    assert.ok(!full.some((a) => a.title === MORE_FIXES));
    const cut = codeActionsFor(ctx, all, diags, () => diags, spent());
    const note = cut.at(-1)!;
    assert.strictEqual(note.title, MORE_FIXES);
    assert.ok(note.disabled!.reason.startsWith(`${diags.length - 1} more diagnostic`), note.disabled!.reason);
    const first = codeActionsFor(ctx, all, [diags[0]], () => diags, new Deadline(60_000));
    assert.deepStrictEqual(cut.slice(0, -1).map((a) => a.title), first.map((a) => a.title), 'the first diagnostic keeps all of its fixes');
  });
});
