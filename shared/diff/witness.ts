import type { AnyDialect } from '../dialects/dialect';
import type { RuleSet } from '../model';
import type { Deadline } from '../analysis/budget';
import { finish, type Steps } from '../analysis/steps';
import type { Flip } from './flips';

/**
 * Requests no stored request covers whose decision flips between base and current, from the
 * dialect's witness search; a note says when a dialect has none, so silence is never taken for safety.
 * @example witnessFlips(opencode, base, current, []).flips[0].subject // 'secrets/a'
 */
export function witnessFlips(dialect: AnyDialect, base: RuleSet, current: RuleSet, known: Flip[], deadline?: Deadline): { flips: Flip[]; notes: string[] } {
  return finish(witnessFlipSteps(dialect, base, current, known, deadline));
}

/**
 * `witnessFlips` as steps: the dialect's own steps when it has them, else its one-call search as one step.
 * @example finish(witnessFlipSteps(opencode, base, current, [], deadline)).notes // []
 */
export function* witnessFlipSteps(dialect: AnyDialect, base: RuleSet, current: RuleSet, known: Flip[], deadline?: Deadline): Steps<{ flips: Flip[]; notes: string[] }> {
  const search = dialect.witnesses;
  if (!search) return { flips: [], notes: [`no witness search for ${dialect.id} rule sets yet: only stored requests were compared`] };
  try {
    if (search.steps && deadline) return yield* search.steps(base, current, known, deadline);
    return search.flips(base, current, known, deadline);
  } catch (e) {
    return { flips: [], notes: [`witness search failed: ${e instanceof Error ? e.message : String(e)}`] };
  }
}
