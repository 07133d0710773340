import * as assert from 'assert';
import { BudgetExceeded, Deadline } from '../../../shared/analysis/budget';
import { MAX_FLIPS_PER_GROUP, runSlices, searchSlices, SLICE_CANDIDATES, type SearchArea, type SearchSpec } from '../../../shared/diff/search';
import type { Flip } from '../../../shared/diff/flips';
import { SourceText, type Decision, type RuleSet, type Verdict } from '../../../shared/model';

/** A toy rule set: each rule decides the numbers it lists; the default asks. */
interface Toy extends RuleSet {
  table: Array<{ decision: Decision; of: number[] }>;
}

function toy(table: Toy['table']): Toy {
  const rules = table.map((t, index) => ({ index, id: null, decision: t.decision, native: t.decision, label: `rule ${t.of.join(',')} ${t.decision}`, range: { start: { line: index, character: 0 }, end: { line: index, character: 1 } } }));
  return { dialect: 'opencode', path: '/toy', source: new SourceText(''), rules, findings: [], table };
}

function verdict(rs: Toy, n: number): Verdict {
  const i = rs.table.findIndex((t) => t.of.includes(n));
  const decision = i < 0 ? 'ask' : rs.table[i].decision;
  return { decision, native: decision, code: null, rule: i < 0 ? null : { index: i, id: null, label: rs.rules[i].label }, details: {}, trace: { dialect: 'opencode', branch: '', sections: [], notes: [] } };
}

function spec(base: Toy, current: Toy, areas: SearchArea<number>[], extra: Partial<SearchSpec<Toy, number>> = {}): SearchSpec<Toy, number> {
  return { base, current, areas, decide: (n) => [verdict(base, n), verdict(current, n)], describe: (n) => `n${n}`, subject: (n) => String(n), known: [], deadline: new Deadline(60_000), ...extra };
}

const numbers = (name: string, xs: number[], group = 'n'): SearchArea<number> => ({ name, candidates: () => xs.map((request) => ({ request, group })) });

describe('diff: the shared witness search', () => {
  it('one flip per class (kind, decisions, rules), the first candidate of the class as its witness', () => {
    const base = toy([{ decision: 'deny', of: [1, 2, 3] }]);
    const current = toy([{ decision: 'allow', of: [1, 2] }]);
    const r = runSlices(searchSlices(spec(base, current, [numbers('numbers', [2, 1, 3, 4])])));
    assert.deepStrictEqual(r.flips.map((f) => `${f.request} ${f.before}>${f.after}`), ['n2 deny>allow', 'n3 deny>ask']);
    assert.deepStrictEqual(r.unsearched, []);
    const f = r.flips[0];
    assert.strictEqual(f.kind, 'witness');
    assert.strictEqual(f.witness, 2);
    assert.deepStrictEqual(f.afterRange, current.rules[0].range);
    assert.strictEqual(f.beforeRule?.label, 'rule 1,2,3 deny');
  });

  it('kinds of request are told apart: the same decisions by the same rules flip once per kind', () => {
    const base = toy([]);
    const current = toy([{ decision: 'allow', of: [1, 2] }]);
    const area: SearchArea<number> = { name: 'two kinds', candidates: () => [{ request: 1, group: 'a' }, { request: 2, group: 'b' }] };
    assert.strictEqual(runSlices(searchSlices(spec(base, current, [area]))).flips.length, 2);
  });

  it('a stored flip by the same rules covers the witness; one by other rules does not', () => {
    const base = toy([{ decision: 'deny', of: [1] }]);
    const current = toy([{ decision: 'allow', of: [1] }]);
    const shown: Flip = { kind: 'stored', request: 'stored one', subject: null, before: 'deny', after: 'allow', beforeRule: verdict(base, 1).rule, afterRule: verdict(current, 1).rule, direction: 'loosened' };
    const other: Flip = { ...shown, request: 'another', afterRule: { index: 7, id: null, label: 'x' } };
    assert.strictEqual(runSlices(searchSlices(spec(base, current, [numbers('n', [1])], { known: [shown] }))).flips[0].coveredBy, 'stored one');
    assert.strictEqual(runSlices(searchSlices(spec(base, current, [numbers('n', [1])], { known: [other] }))).flips[0].coveredBy, undefined);
  });

  it('yields between slices, and the sliced result equals the whole run', () => {
    const base = toy([]);
    const current = toy([{ decision: 'allow', of: [5] }]);
    const xs = Array.from({ length: SLICE_CANDIDATES * 3 }, (_, i) => i);
    const it = searchSlices(spec(base, current, [numbers('n', xs)]));
    let yields = 0;
    let step = it.next();
    while (!step.done) {
      yields++;
      step = it.next();
    }
    assert.ok(yields >= 2, `${yields} slices`);
    assert.deepStrictEqual(step.value.flips.map((f) => f.request), ['n5']);
  });

  it('past the deadline: the areas not finished are named, and nothing is claimed for them', () => {
    const base = toy([]);
    const current = toy([{ decision: 'allow', of: [1] }]);
    const r = runSlices(searchSlices(spec(base, current, [numbers('first', [1]), numbers('second', [2])], { deadline: new Deadline(-1) })));
    assert.deepStrictEqual(r.flips, []);
    assert.strictEqual(r.unsearched!.length, 1);
    assert.match(r.unsearched![0], /^first, second: the time limit stopped the search after 0 requests/);
  });

  it('an automaton limit stops one area; the next is still searched', () => {
    const base = toy([]);
    const current = toy([{ decision: 'allow', of: [1, 2] }]);
    const failing: SearchArea<number> = {
      name: 'walked',
      candidates: function* () {
        yield { request: 1, group: 'n' };
        throw new BudgetExceeded('states');
      },
    };
    const r = runSlices(searchSlices(spec(base, current, [failing, numbers('plain', [2], 'm')])));
    assert.deepStrictEqual(r.flips.map((f) => f.request), ['n1', 'n2']);
    assert.deepStrictEqual(r.unsearched, ['walked: the automaton state limit stopped the search after 1 request decided under both versions']);
  });

  it('more kinds of flip than a kind of request may list: the cut is reported, so a budget fails closed', () => {
    const n = MAX_FLIPS_PER_GROUP + 5;
    const base = toy([]);
    const current = toy(Array.from({ length: n }, (_, i) => ({ decision: 'allow' as const, of: [i] })));
    const r = runSlices(searchSlices(spec(base, current, [numbers('n', Array.from({ length: n }, (_, i) => i))])));
    assert.strictEqual(r.flips.length, MAX_FLIPS_PER_GROUP);
    assert.match(r.unsearched![0], /more than 50 kinds of flip/);
  });

  it("a dialect's own gaps, found while its candidates were listed, are reported", () => {
    const gaps: string[] = [];
    const area: SearchArea<number> = {
      name: 'n',
      candidates: function* () {
        gaps.push('a rule no request was found for');
        yield { request: 1, group: 'n' };
      },
    };
    const r = runSlices(searchSlices(spec(toy([]), toy([]), [area], { unsearched: gaps })));
    assert.deepStrictEqual(r.unsearched, ['a rule no request was found for']);
  });
});
