import type { AnyDialect } from '../dialects/dialect';
import type { RuleSet } from '../model';
import type { Flip } from './flips';

/**
 * Requests no stored request covers whose decision flips between base and current, from the
 * dialect's witness search; a note says when a dialect has none, so silence is never taken for safety.
 * @example witnessFlips(opencode, base, current, []).flips[0].subject // 'secrets/a'
 */
export function witnessFlips(dialect: AnyDialect, base: RuleSet, current: RuleSet, known: Flip[]): { flips: Flip[]; notes: string[] } {
  const search = dialect.witnesses;
  if (!search) return { flips: [], notes: [`no witness search for ${dialect.id} rule sets yet: only stored requests were compared`] };
  try {
    return search.flips(base, current, known);
  } catch (e) {
    return { flips: [], notes: [`witness search failed: ${e instanceof Error ? e.message : String(e)}`] };
  }
}
