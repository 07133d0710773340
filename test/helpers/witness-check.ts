import type { AnyDialect } from '../../shared/dialects/dialect';
import { Deadline } from '../../shared/analysis/budget';
import { stricter, type Decision, type EvalContext, type RuleRef, type RuleSet } from '../../shared/model';
import type { Flip } from '../../shared/diff/flips';

/** A generous clock: a loaded machine must not turn a complete search into a budget note. */
export const SEARCH_MS = 60_000;

/** A flip class as the searches tell them apart: kind of request, decisions, deciding rules. */
export function classKey(group: string, before: Decision, after: Decision, br: RuleRef | null, ar: RuleRef | null): string {
  return `${group}|${before}>${after}|${br?.index ?? -1}|${ar?.index ?? -1}`;
}

/** What comparing a witness search with the real evaluator over a universe of requests found wrong. */
export interface SearchCheck {
  /** Flips the search reported that the evaluator does not confirm (must be none). */
  unreal: string[];
  /** Classes a request of the universe shows that the search did not report (with that request). */
  missed: string[];
  /** Loosened or tightened decisions the universe shows while the search reported none that way. */
  missedDirections: string[];
  unsearched: string[];
  flips: Flip[];
}

/**
 * Runs the dialect's witness search on two versions and checks it against every request of a
 * universe, decided by the real evaluator: every reported flip must be real, every class of flip
 * among the `exact` requests must be reported, and for the other requests (compounds, whose
 * classes combine) every direction in which some decision moved.
 * @example const r = checkSearch(claude, base, current, universe, (q) => q.tool); assert.deepStrictEqual(r.missed, [])
 */
export function checkSearch<Q>(dialect: AnyDialect, base: RuleSet, current: RuleSet, universe: { exact: readonly Q[]; directions?: readonly Q[] }, group: (q: Q) => string, ctx: EvalContext = {}): SearchCheck {
  const r = dialect.witnesses!.flips(base, current, [], { ctx, deadline: new Deadline(SEARCH_MS) });
  const unreal: string[] = [];
  for (const f of r.flips) {
    const q = f.witness as Q;
    const b = dialect.evaluate(base, q, ctx);
    const c = dialect.evaluate(current, q, ctx);
    if (b.decision !== f.before || c.decision !== f.after || (b.rule?.index ?? -1) !== (f.beforeRule?.index ?? -1) || (c.rule?.index ?? -1) !== (f.afterRule?.index ?? -1)) unreal.push(`${f.request}: reported ${f.before} → ${f.after}, decided ${b.decision} → ${c.decision}`);
  }
  const found = new Set(r.flips.map((f) => classKey(group(f.witness as Q), f.before, f.after, f.beforeRule, f.afterRule)));
  const ways = new Set(r.flips.map((f) => f.direction));
  const missed = new Map<string, string>();
  const missedDirections = new Map<string, string>();
  for (const q of universe.exact) {
    const b = dialect.evaluate(base, q, ctx);
    const c = dialect.evaluate(current, q, ctx);
    if (b.decision === c.decision) continue;
    const k = classKey(group(q), b.decision, c.decision, b.rule, c.rule);
    if (!found.has(k) && !missed.has(k)) missed.set(k, dialect.describeRequest(q));
  }
  for (const q of universe.directions ?? []) {
    const b = dialect.evaluate(base, q, ctx).decision;
    const c = dialect.evaluate(current, q, ctx).decision;
    if (b === c) continue;
    const way = stricter(b, c) === b ? 'loosened' : 'tightened';
    if (!ways.has(way) && !missedDirections.has(way)) missedDirections.set(way, dialect.describeRequest(q));
  }
  return {
    unreal,
    missed: [...missed].map(([k, q]) => `${k} (${q})`),
    missedDirections: [...missedDirections].map(([k, q]) => `${k} (${q})`),
    unsearched: r.unsearched ?? [],
    flips: r.flips,
  };
}

/**
 * Every sequence of 1 to `max` words over `words`, joined by spaces.
 * @example commandsOver(['a', 'b'], 2) // ['a', 'b', 'a a', 'a b', 'b a', 'b b']
 */
export function commandsOver(words: readonly string[], max: number): string[][] {
  const out: string[][] = [];
  let layer: string[][] = [[]];
  for (let n = 1; n <= max; n++) {
    layer = layer.flatMap((p) => words.map((w) => [...p, w]));
    out.push(...layer);
  }
  return out;
}
