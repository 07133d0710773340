import { provablyDisjoint } from './disjoint';
import { compile, literalWordsOf, matches, type CompiledWildcard, type Wildcard } from './wildcard';
import { wordOutside } from './wildcard-search';

/**
 * Inclusion between wildcard patterns, decided on the patterns: "which word of `a` does no pattern
 * of `bs` match?" Exact words are matched, star-only patterns are settled by one match each, and
 * the rest go to a bounded search (`wordOutside`); no automaton is determinized, so a pattern of
 * hundreds of stars costs what its length costs.
 */

const matchers = new WeakMap<Wildcard, CompiledWildcard>();
function matcherOf(w: Wildcard): CompiledWildcard {
  let m = matchers.get(w);
  if (!m) matchers.set(w, (m = compile(w)));
  return m;
}

/**
 * `uncovered` without automata for patterns of literals and `*` only (no single-unit wildcard):
 * an alternative of `a` is covered by the union of `bs` exactly when some `b` matches it with each
 * star replaced by a character no literal of `bs` contains. That character can only be eaten by a
 * star of `b`, and the same star then eats any text put in its place, so the whole alternative is
 * inside that `b`. Undefined when a pattern has a single-unit wildcard (the automata decide then).
 * Pairs of long multi-star patterns, which saved approvals are full of, stay a match each.
 * @example starOnlyUncovered(bashPattern('git log *'), [bashPattern('git *')]) // null
 */
function starOnlyUncovered(a: Wildcard, bs: readonly Wildcard[]): string | null | undefined {
  const all = [a, ...bs];
  if (all.some((w) => w.alts.some((alt) => alt.some((x) => x.t === 'one')))) return undefined;
  const literals = bs.flatMap((b) => b.alts.flatMap((alt) => alt.map((x) => (x.t === 'lit' ? x.s : ''))));
  let code = 0xe000;
  while (literals.some((l) => l.includes(String.fromCharCode(code)))) code++;
  const fresh = String.fromCharCode(code);
  const matchedBy = (w: string) => bs.some((b) => matches(matcherOf(b), w));
  for (const alt of a.alts) {
    const spelled = (fill: string) => alt.map((x) => (x.t === 'lit' ? x.s : fill)).join('');
    if (matchedBy(spelled(fresh))) continue;
    // Not covered: prefer a readable word outside the union when one of the simple fillings is.
    return ['', 'x', ' x'].map(spelled).find((w) => !matchedBy(w)) ?? spelled(fresh);
  }
  return null;
}

/**
 * A string in `a` but in none of `bs`, or null when `a` is covered (`undefined`: over budget, no claim).
 * Exact patterns are decided by matching their words; otherwise only the patterns of `bs` that can
 * share a word with `a` go into a search on the patterns themselves (a file of hundreds of saved
 * approvals with long literals and a few stars stays cheap; see `wordOutside`).
 * @example uncovered(bashPattern('ls *'), [bashPattern('*')]) // null
 */
export function uncovered(a: Wildcard, bs: readonly Wildcard[]): string | null | undefined {
  const words = literalWordsOf(a)?.sort((x, y) => x.length - y.length);
  if (words) return words.find((w) => !bs.some((b) => matches(matcherOf(b), w))) ?? null;
  const starOnly = starOnlyUncovered(a, bs);
  if (starOnly !== undefined) return starOnly;
  return wordOutside(a, bs.filter((b) => !provablyDisjoint(a, b)));
}

