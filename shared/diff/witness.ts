import type { AnyDialect, WitnessOptions, WitnessResult } from '../dialects/dialect';
import type { RuleSet } from '../model';
import type { Flip } from './flips';

/**
 * Requests no stored request covers whose decision flips between base and current, from the
 * dialect's witness search. What could not be searched — a dialect without a search, a search
 * that failed or ran out of budget — is listed in `unsearched`, so silence is never taken for safety.
 * @example witnessFlips(opencode, base, current, []).flips[0].subject // 'secrets/a'
 */
export function witnessFlips(dialect: AnyDialect, base: RuleSet, current: RuleSet, known: Flip[], options: WitnessOptions = {}): Required<WitnessResult> {
  const search = dialect.witnesses;
  if (!search) {
    // Two equal texts decide alike: there is nothing to search.
    if (sameText(base, current)) return { flips: [], notes: [], unsearched: [] };
    const why = `no witness search for ${dialect.id} rule sets yet: only stored requests were compared`;
    return { flips: [], notes: [], unsearched: [why] };
  }
  try {
    const r = search.flips(base, current, known, options);
    return { flips: r.flips, notes: r.notes, unsearched: r.unsearched ?? [] };
  } catch (e) {
    const why = `witness search failed: ${e instanceof Error ? e.message : String(e)}`;
    return { flips: [], notes: [], unsearched: [why] };
  }
}

/**
 * `witnessFlips` in slices, for a host that interleaves the search with other work (see
 * `WitnessSearch.slices`): a dialect without slices runs its whole search in one.
 * @example const it = witnessSlices(claude, base, current, [], { ctx }); let r; while (!(r = it.next()).done); r.value.unsearched
 */
export function* witnessSlices(dialect: AnyDialect, base: RuleSet, current: RuleSet, known: Flip[], options: WitnessOptions = {}): Generator<void, Required<WitnessResult>, void> {
  const slices = dialect.witnesses?.slices;
  if (!slices) return witnessFlips(dialect, base, current, known, options);
  try {
    const r = yield* slices(base, current, known, options);
    return { flips: r.flips, notes: r.notes, unsearched: r.unsearched ?? [] };
  } catch (e) {
    const why = `witness search failed: ${e instanceof Error ? e.message : String(e)}`;
    return { flips: [], notes: [], unsearched: [why] };
  }
}

/** Two equal texts of a file that stands alone: the rules of a policy's other files may differ. */
function sameText(a: RuleSet, b: RuleSet): boolean {
  return a.source.text === b.source.text && a.members === undefined && b.members === undefined;
}
