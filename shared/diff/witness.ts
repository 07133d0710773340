import type { DialectId, RuleSet } from '../model';
import type { Flip } from './flips';

/** A finder of requests whose decision differs between two rule sets of one dialect. */
export type WitnessFinder = (base: RuleSet, current: RuleSet, known: Flip[]) => { flips: Flip[]; notes: string[] };

const FINDERS = new Map<DialectId, WitnessFinder>();

/** Dialect analysers register here (see analysis/). */
export function registerWitnessFinder(id: DialectId, f: WitnessFinder): void {
  FINDERS.set(id, f);
}

/**
 * Requests no stored request covers whose decision flips between base and current, found on the
 * pattern automata; a note says when a dialect has no such analysis, so silence is never taken for safety.
 * @example witnessFlips('opencode', base, current, []).flips[0].subject // 'secrets/a'
 */
export function witnessFlips(id: DialectId, base: RuleSet, current: RuleSet, known: Flip[]): { flips: Flip[]; notes: string[] } {
  const f = FINDERS.get(id);
  if (!f) return { flips: [], notes: [`no witness search for ${id} rule sets yet: only stored requests were compared`] };
  try {
    return f(base, current, known);
  } catch (e) {
    return { flips: [], notes: [`witness search failed: ${e instanceof Error ? e.message : String(e)}`] };
  }
}
