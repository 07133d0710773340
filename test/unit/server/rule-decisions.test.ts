import { strict as assert } from 'assert';
import fc from 'fast-check';
import { rulesDecisions } from '../../../shared/analysis/decides';
import { withOutcomes, type SubjectOutcome } from '../../../shared/compiled/outcomes';
import type { Decision, Verdict } from '../../../shared/model';
import type { RequestResult } from '../../../shared/requests/model';
import { ruleDecisions, type Decided, type RuleDecisions } from '../../../server/service/decides';
import { propertyRuns } from '../../helpers/runs';

/**
 * What the lenses credit each rule with, stated the long way: per rule, its first entry per
 * request name; a subject goes to that entry when the rule is the (last) verdict's rule for the
 * name, else it is a subject the rule controls in a request another rule decides.
 */
function reference(results: readonly RequestResult[], ruleCount: number): RuleDecisions[] {
  const out: RuleDecisions[] = Array.from({ length: ruleCount }, () => ({ decides: [], controls: [] }));
  const verdicts = new Map(results.map((r) => [r.request.name, r.verdict]));
  const mineByRule = new Map<number, Map<string, Decided>>();
  for (const r of results) {
    const v = r.verdict;
    if (!v?.rule || v.rule.index >= ruleCount) continue;
    const d: Decided = { request: r.request.name, decision: v.decision, subjects: [] };
    out[v.rule.index].decides.push(d);
    const m = mineByRule.get(v.rule.index) ?? new Map<string, Decided>();
    mineByRule.set(v.rule.index, m);
    if (!m.has(d.request)) m.set(d.request, d);
  }
  for (const [rule, list] of rulesDecisions(results, ruleCount)) {
    for (const d of list) {
      const mine = mineByRule.get(rule)?.get(d.request);
      if (mine && verdicts.get(d.request)?.rule?.index === rule) mine.subjects.push(d.subject);
      else out[rule].controls.push({ request: d.request, subject: d.subject, decision: d.decision });
    }
  }
  return out;
}

const DECISIONS: Decision[] = ['allow', 'ask', 'deny'];

/** A result as the evaluator leaves it, its per-subject outcomes recorded (no trace needed). */
function result(name: string, rule: number | null, decision: Decision, outcomes: Array<[string, number | null, Decision]>): RequestResult {
  const verdict = { decision, rule: rule === null ? null : { index: rule, id: null, label: `rule ${rule}` }, trace: { sections: [] } } as unknown as Verdict;
  const recorded: SubjectOutcome[] = outcomes.map(([subject, controlling, d]) => ({ kind: 'resource', subject, controlling, decision: d, branch: '', label: '' }));
  return { request: { name }, verdict: withOutcomes(verdict, recorded) } as unknown as RequestResult;
}

describe('server: what each rule decides, for its lens', () => {
  it('credits each rule as the per-rule reading does, with repeated names, rules past the count and mixed requests', () => {
    const outcome = fc.tuple(fc.constantFrom('a', 'b', 'c'), fc.option(fc.nat(5), { nil: null }), fc.constantFrom(...DECISIONS));
    const one = fc.tuple(fc.constantFrom('A', 'B', 'C', 'D'), fc.option(fc.nat(5), { nil: null }), fc.constantFrom(...DECISIONS), fc.array(outcome, { maxLength: 4 }));
    fc.assert(
      fc.property(fc.array(one, { maxLength: 8 }), fc.integer({ min: 1, max: 5 }), (specs, ruleCount) => {
        const results = specs.map(([name, rule, decision, outcomes]) => result(name, rule, decision, outcomes));
        // Rules that decide and control nothing share one entry in the real reading: compare contents.
        assert.deepEqual(JSON.parse(JSON.stringify(ruleDecisions(results, ruleCount))), JSON.parse(JSON.stringify(reference(results, ruleCount))));
      }),
      { numRuns: propertyRuns(300), seed: 4242 },
    );
  });

  it('puts a request’s own subjects on the entry of the rule that decides it, and others’ under controls', () => {
    const results = [result('A', 1, 'deny', [['x', 1, 'deny'], ['y', 0, 'allow']]), result('B', 0, 'allow', [['z', 0, 'allow']])];
    const d = ruleDecisions(results, 3);
    assert.deepEqual(d[1].decides, [{ request: 'A', decision: 'deny', subjects: ['x'] }]);
    assert.deepEqual(d[0].decides, [{ request: 'B', decision: 'allow', subjects: ['z'] }]);
    assert.deepEqual(d[0].controls, [{ request: 'A', subject: 'y', decision: 'allow' }]);
    assert.equal(d[2].decides.length + d[2].controls.length, 0);
  });
});
