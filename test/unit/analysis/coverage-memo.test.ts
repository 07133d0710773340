import * as assert from 'assert';
import fc from 'fast-check';
import { analyzeCoverage, CoverageMemo, type CoverageOptions, type Entry } from '../../../shared/analysis/coverage';
import { AutomataCache, alphabetWithout } from '../../../shared/analysis/automata';
import { Deadline } from '../../../shared/analysis/budget';
import { languageKeys } from '../../../shared/analysis/keys';
import { fills, preferredOrder } from '../../../shared/analysis/witness';
import { opencodePattern } from '../../../shared/dialects/opencode/pattern';
import { compile, matches, type Wildcard } from '../../../shared/patterns/wildcard';
import type { Decision } from '../../../shared/model';
import { TEST_MS } from './helpers';
import { propertyRuns } from '../../helpers/runs';

/**
 * A CoverageMemo hands the next analysis of a view what cannot have changed. After any change of
 * decisions, rules or patterns, the outcomes must equal those of an analysis without memo, and
 * when only decisions change, outcomes that cannot depend on them are the kept objects themselves.
 */

interface Shape {
  /** Key objects per (action, resource) text: equal text, equal key, as the analyser's parts. */
  keys: Map<string, { a: Wildcard; b: Wildcard; key: object; fills: string[][]; prefix: string; suffix: string }>;
}

function entry(shape: Shape, rule: number, action: string, resource: string, decision: Decision): Entry {
  const id = `${action}\u0000${resource}`;
  let k = shape.keys.get(id);
  if (!k) {
    const a = opencodePattern(action);
    const b = opencodePattern(resource);
    const bs = fills(b).slice(0, 4);
    k = { a, b, key: {}, fills: fills(a, ['edit', 'read']).slice(0, 3).flatMap((x) => bs.map((y) => [x, y])), ...languageKeys({ kind: 'pair', a, b }) };
    shape.keys.set(id, k);
  }
  const am = compile(k.a);
  const bm = compile(k.b);
  return { rule, decision, lang: { kind: 'pair', a: k.a, b: k.b }, test: (p) => matches(am, p[0]) && matches(bm, p[1]), fills: k.fills, prefix: k.prefix, suffix: k.suffix, key: k.key };
}

function options(): CoverageOptions {
  return { wantLoss: (e) => e.decision === 'deny', deadline: new Deadline(TEST_MS), cache: new AutomataCache(alphabetWithout('\\')), preferred: preferredOrder([]) };
}

type Row = [string, string, Decision];
const row = fc.tuple(fc.constantFrom('edit', 'read', '*', 'e*'), fc.array(fc.constantFrom('a', 'b', '/', '*', '?'), { maxLength: 4 }).map((xs) => xs.join('')), fc.constantFrom<Decision>('allow', 'ask', 'deny'));

function entries(shape: Shape, rows: Row[]): Entry[] {
  // Precedence order: the last rule first, as OpenCode's last match.
  return rows.map(([a, r, d], i) => entry(shape, i, a, r, d)).reverse();
}

describe('CoverageMemo: kept outcomes equal fresh ones', () => {
  it('after random changes of decisions, patterns and order, outcomes equal an analysis without memo', () => {
    fc.assert(
      fc.property(fc.array(row, { minLength: 1, maxLength: 12 }), fc.array(fc.tuple(fc.nat(), row, fc.boolean()), { minLength: 1, maxLength: 6 }), (rows, changes) => {
        const shape: Shape = { keys: new Map() };
        const memo = new CoverageMemo();
        analyzeCoverage(entries(shape, rows), options(), memo);
        let now = rows;
        for (const [at, r, decisionOnly] of changes) {
          now = now.map((x, i) => (i === at % now.length ? (decisionOnly ? [x[0], x[1], r[2]] : r) : x));
          const warm = analyzeCoverage(entries(shape, now), options(), memo);
          const cold = analyzeCoverage(entries({ keys: new Map() }, now), options());
          assert.deepStrictEqual(warm, cold);
        }
      }),
      { numRuns: propertyRuns(80), seed: 1717 },
    );
  });

  it('a flipped decision keeps the other outcomes as they were (the same objects)', () => {
    const shape: Shape = { keys: new Map() };
    const rows: Row[] = [['edit', '*', 'ask'], ['edit', 'a/*', 'allow'], ['read', 'b/*', 'deny'], ['edit', 'c/*', 'allow'], ['edit', 'a/b', 'ask']];
    const memo = new CoverageMemo();
    const before = analyzeCoverage(entries(shape, rows), options(), memo);
    const flipped = rows.map((r, i) => (i === 3 ? ([r[0], r[1], 'deny'] as Row) : r));
    const after = analyzeCoverage(entries(shape, flipped), options(), memo);
    // Position 1 is rule 3 (flipped, now asked for a loss): analysed again. Rule 0 (`edit *` ask)
    // has rule 3 among its candidates but searched no loss: kept.
    assert.notStrictEqual(after[1], before[1]);
    for (const pos of [0, 2, 3, 4]) assert.strictEqual(after[pos], before[pos], `position ${pos}`);
    assert.deepStrictEqual(after, analyzeCoverage(entries({ keys: new Map() }, flipped), options()));
  });

  it('a dead entry kept across a flip names its deciders with their current decisions', () => {
    const shape: Shape = { keys: new Map() };
    const rows: Row[] = [['edit', 'a/b', 'ask'], ['edit', 'a/*', 'allow']];
    const memo = new CoverageMemo();
    const before = analyzeCoverage(entries(shape, rows), options(), memo);
    assert.deepStrictEqual(before[1], { status: 'dead', deciders: [{ rule: 1, decision: 'allow', witness: before[1].status === 'dead' ? before[1].deciders[0].witness : [] }] });
    const after = analyzeCoverage(entries(shape, [rows[0], ['edit', 'a/*', 'deny']]), options(), memo);
    assert.strictEqual(after[1].status, 'dead');
    assert.strictEqual(after[1].status === 'dead' && after[1].deciders[0].decision, 'deny');
  });
});

describe('coverage past its budget', () => {
  it('settles an entry no other can meet by its first stand-in, and leaves every entry with candidates to the budget', () => {
    const shape: Shape = { keys: new Map() };
    // Precedence order: `edit *` (rule 2) meets nothing above it; rules 1 and 0 have it as a candidate.
    const list = entries(shape, [['edit', 'a*', 'deny'], ['edit', 'b', 'allow'], ['edit', '*', 'allow']]).map((e) => ({ ...e, firstFill: () => e.fills[0] }));
    const spent = { ...options(), deadline: new Deadline(-1) };
    const out = analyzeCoverage(list, spent);
    assert.deepStrictEqual(out.map((o) => o.status), ['live', 'budget', 'budget']);
    assert.deepStrictEqual(out[0].status === 'live' && out[0].witness, list[0].fills[0]);
    // Without a stand-in to read, even that entry is left to the budget: nothing is claimed unproved.
    assert.deepStrictEqual(analyzeCoverage(entries(shape, [['edit', 'x', 'deny']]), spent).map((o) => o.status), ['budget']);
  });
});
