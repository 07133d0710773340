import * as assert from 'assert';
import fc from 'fast-check';
import { evaluateOpencode } from '../../../shared/dialects/opencode/evaluate';
import type { OpencodeRuleSet } from '../../../shared/dialects/opencode/rules';
import { opencodeWitness } from '../../../shared/dialects/opencode/analysis/lints';
import { Deadline } from '../../../shared/analysis/budget';
import { analyse, TEST_MS, v2 } from './helpers';
import { strings } from '../../helpers/brute-force';
import { propertyRuns } from '../../helpers/runs';

/**
 * Brute force over a small alphabet: patterns use only a, b, / (and * ?), so every other character
 * behaves like `c`; enumerating strings over {a, b, /, c} up to a length bound sees every behaviour
 * up to that length.
 */
const RESOURCE_UNITS = ['a', 'b', '/', 'c'];
const ACTION_UNITS = ['x', 'y', 'z'];
const MAX_RESOURCE_LEN = 4;
const MAX_ACTION_LEN = 2;


const RESOURCES = strings(RESOURCE_UNITS, MAX_RESOURCE_LEN);
const ACTIONS = strings(ACTION_UNITS, MAX_ACTION_LEN);

interface Truth {
  /** Per rule: a request it decides within the bound. */
  decides: Array<string[] | undefined>;
  /** Per deny rule: whether some request it matches is decided by a non-deny rule. */
  losesToNonDeny: boolean[];
}

/** What the real evaluator says for every request within the bound. */
function bruteForce(rs: OpencodeRuleSet): Truth {
  const decides: Array<string[] | undefined> = rs.rules.map(() => undefined);
  const losesToNonDeny = rs.rules.map(() => false);
  for (const action of ACTIONS) {
    for (const resource of RESOURCES) {
      const s = evaluateOpencode(rs, { action, resources: [resource] }).trace.sections[0];
      const c = s.controlling;
      if (c !== null && decides[c] === undefined) decides[c] = [action, resource];
      for (const row of s.rows) {
        if (row.rule !== c && row.matches.every(Boolean) && rs.rules[row.rule].decision === 'deny' && c !== null && rs.rules[c].decision !== 'deny') losesToNonDeny[row.rule] = true;
      }
    }
  }
  return { decides, losesToNonDeny };
}

function decidedBy(rs: OpencodeRuleSet, parts: string[]): number | null {
  return evaluateOpencode(rs, { action: parts[0], resources: [parts[1]] }).trace.sections[0].controlling;
}

function matchedBy(rs: OpencodeRuleSet, rule: number, parts: string[]): boolean {
  const r = rs.rules[rule];
  return evaluateOpencode(rs, { action: parts[0], resources: [parts[1]] }).trace.sections[0].rows.some((row) => row.rule === r.index && row.matches.every(Boolean));
}

const resourcePattern = fc.array(fc.constantFrom('a', 'b', '/', '*', '?'), { maxLength: 4 }).map((xs) => xs.join(''));
const actionPattern = fc.constantFrom('x', 'y', '*', 'x*', '?', 'xy', 'x *');
const effect = fc.constantFrom('allow', 'ask', 'deny');
const ruleSet = fc.array(fc.tuple(actionPattern, resourcePattern, effect), { minLength: 1, maxLength: 6 });

describe('analysis: opencode claims agree with brute force over the real evaluator', () => {
  it('dead-rule / shadowed-deny / overridden-deny are exact both ways, every witness checked', function () {
    fc.assert(
      fc.property(ruleSet, (rules) => {
        const rs = v2(rules);
        const findings = analyse(rs);
        assert.ok(!findings.some((f) => f.code === 'analysis-budget'), 'no budget on tiny sets');
        const truth = bruteForce(rs);
        const dead = new Set(findings.filter((f) => f.code === 'dead-rule' || f.code === 'shadowed-deny').map((f) => f.data!.rule as number));
        const flagged = new Set(findings.filter((f) => ['overridden-deny', 'shadowed-deny', 'dead-rule'].includes(f.code)).map((f) => f.data!.rule as number));
        rs.rules.forEach((r, i) => {
          if (dead.has(i)) {
            assert.strictEqual(truth.decides[i], undefined, `rule ${i + 1} (${r.label}) claimed dead but decides ${JSON.stringify(truth.decides[i])}`);
          } else if (truth.decides[i] === undefined) {
            // Live beyond the bound: the analyser must hold a longer witness the evaluator confirms.
            const w = opencodeWitness(rs, i, new Deadline(TEST_MS));
            assert.ok(w, `rule ${i + 1} (${r.label}) decides nothing within the bound and was not reported dead`);
            assert.strictEqual(decidedBy(rs, [w.action, w.resources[0]]), i);
            assert.ok(w.action.length > MAX_ACTION_LEN || w.resources[0].length > MAX_RESOURCE_LEN, `witness ${JSON.stringify(w)} lies within the bound`);
          }
          if (r.decision === 'deny' && truth.losesToNonDeny[i]) assert.ok(flagged.has(i), `deny rule ${i + 1} (${r.label}) loses requests to a non-deny rule but was not flagged`);
        });
        for (const f of findings) {
          const rule = f.data?.rule as number;
          if (f.code === 'dead-rule' || f.code === 'shadowed-deny') {
            const ds = f.data!.deciders as Array<{ rule: number; witness: string[]; decision: string }>;
            assert.ok(ds.length > 0);
            for (const d of ds) {
              assert.strictEqual(decidedBy(rs, d.witness), d.rule, `decider witness ${d.witness} of ${f.message}`);
              assert.ok(matchedBy(rs, rule, d.witness));
            }
            assert.strictEqual(f.code === 'shadowed-deny', rs.rules[rule].decision === 'deny' && ds.some((d) => d.decision !== 'deny'));
          }
          if (f.code === 'overridden-deny') {
            const lost = f.data!.lost as { rule: number; witness: string[]; decision: string };
            assert.strictEqual(decidedBy(rs, lost.witness), lost.rule);
            assert.ok(matchedBy(rs, rule, lost.witness));
            assert.notStrictEqual(lost.decision, 'deny');
            assert.strictEqual(decidedBy(rs, f.data!.decided as string[]), rule);
          }
        }
      }),
      { numRuns: propertyRuns(100), seed: 20251130 },
    );
  });
});
