import { DFA, JS, NFA, Words, getIntersectionWordSets, type ReadonlyWordSet } from 'refa';
import { provablyDisjoint } from '../../patterns/disjoint';
import { compile, literalWordsOf, matches, toRegExpSource, type CompiledWildcard, type Wildcard } from '../../patterns/wildcard';
import { wordInBoth } from '../../patterns/wildcard-search';
import { uncovered } from '../../patterns/uncovered';

export { uncovered };

/** Automaton size budget: past it the analysis gives up (and claims nothing) rather than stall. */
export const MAX_AUTOMATON_NODES = 20_000;

/**
 * The pattern's language as an NFA, built from the canonical form's regular expression; undefined
 * when it exceeds the budget.
 * @example wildcardNfa(bashPattern('ls *'))?.isEmpty // false
 */
export function wildcardNfa(w: Wildcard | Wildcard[]): NFA | undefined {
  const list = Array.isArray(w) ? w : [w];
  try {
    const sources = list.map((x) => toRegExpSource(x).slice(1, -1));
    const source = sources.length ? sources.join('|') : '[]';
    const { expression, maxCharacter } = JS.Parser.fromLiteral({ source, flags: 's' }).parse();
    return NFA.fromRegex(expression, { maxCharacter }, { assertions: 'disable' }, new NFA.LimitedNodeFactory(MAX_AUTOMATON_NODES));
  } catch {
    return undefined;
  }
}

/** The most readable shortest word of a language, or undefined when it is empty. */
function firstWord(sets: Iterable<ReadonlyWordSet>): string | undefined {
  for (const ws of sets) return Words.fromUTF16ToString(Words.pickMostReadableWord(ws));
  return undefined;
}

/**
 * The words of a pattern without wildcards (every alternative all literal), shortest first; undefined
 * when it has a wildcard. Saved approvals are mostly such exact commands, and for them inclusion and
 * overlap are membership tests: no automaton is needed.
 */
function literalWords(w: Wildcard): string[] | undefined {
  return literalWordsOf(w)?.sort((x, y) => x.length - y.length);
}

const matchers = new WeakMap<Wildcard, CompiledWildcard>();
function matcherOf(w: Wildcard): CompiledWildcard {
  let m = matchers.get(w);
  if (!m) matchers.set(w, (m = compile(w)));
  return m;
}

/** The first word some pattern of `in` matches, shortest first; null when none does. */
function firstMatched(words: readonly string[], patterns: readonly Wildcard[]): string | null {
  for (const word of words) if (patterns.some((p) => matches(matcherOf(p), word))) return word;
  return null;
}

/**
 * False only when the two patterns share no word, told from their fixed beginnings and endings
 * (see `provablyDisjoint`). A sound, cheap filter.
 * @example mayOverlap(bashPattern('git *'), bashPattern('npm *')) // false
 */
export function mayOverlap(a: Wildcard, b: Wildcard): boolean {
  return !provablyDisjoint(a, b);
}

/**
 * `uncovered` and `overlap` on the automata alone, with no shortcut: the yardstick the fast paths
 * are tested against.
 * @example uncoveredOnAutomata(bashPattern('ls'), [bashPattern('ls *')]) // null
 */
export function uncoveredOnAutomata(a: Wildcard, bs: Wildcard[]): string | null | undefined {
  const na = wildcardNfa(a);
  const nb = wildcardNfa(bs);
  if (!na || !nb) return undefined;
  try {
    const complement = DFA.fromFA(nb, new DFA.LimitedNodeFactory(MAX_AUTOMATON_NODES));
    complement.complement();
    return firstWord(getIntersectionWordSets(na, complement, MAX_AUTOMATON_NODES)) ?? null;
  } catch {
    return undefined;
  }
}

/** @example overlapOnAutomata(bashPattern('ls *'), bashPattern('ls -la')) // 'ls -la' */
export function overlapOnAutomata(a: Wildcard | Wildcard[], b: Wildcard | Wildcard[]): string | null | undefined {
  const na = wildcardNfa(a);
  const nb = wildcardNfa(b);
  if (!na || !nb) return undefined;
  try {
    return firstWord(getIntersectionWordSets(na, nb, MAX_AUTOMATON_NODES)) ?? null;
  } catch {
    return undefined;
  }
}

/**
 * A string in both languages, or null when they are disjoint (`undefined`: over budget).
 * @example overlap(bashPattern('python *'), bashPattern('python -c *')) // 'python -c'
 */
export function overlap(a: Wildcard | Wildcard[], b: Wildcard | Wildcard[]): string | null | undefined {
  const as = Array.isArray(a) ? a : [a];
  const bs = Array.isArray(b) ? b : [b];
  const wordsA = as.map(literalWords);
  if (wordsA.every((w) => w !== undefined)) return firstMatched(wordsA.flat().sort((x, y) => x.length - y.length), bs);
  const wordsB = bs.map(literalWords);
  if (wordsB.every((w) => w !== undefined)) return firstMatched(wordsB.flat().sort((x, y) => x.length - y.length), as);
  const keptA = as.filter((x) => bs.some((y) => mayOverlap(x, y)));
  if (!keptA.length) return null;
  const keptB = bs.filter((y) => keptA.some((x) => mayOverlap(x, y)));
  return keptB.length ? wordInBoth(keptA, keptB) : null;
}

/** Literals up to this long are sampled without an automaton (well inside the automaton budget). */
const MAX_SAMPLED_LITERAL = MAX_AUTOMATON_NODES / 4;

/**
 * A shortest readable member of a language, or null when it is empty.
 * @example sample(bashPattern('git *')) // 'git'
 */
export function sample(w: Wildcard | Wildcard[]): string | null | undefined {
  // One alternative without `?` has exactly one shortest word, its literals with every star empty
  // (a saved approval: the command itself); the automaton would spell the same word.
  // Several alternatives (`git:*` is `git` or `git *`) have one shortest word when a single
  // alternative's shortest is strictly shorter than every other's.
  const one = Array.isArray(w) ? (w.length === 1 ? w[0] : undefined) : w;
  const shortests = one && one.alts.every((alt) => alt.every((a) => a.t !== 'one')) ? one.alts.map((alt) => alt.map((a) => (a.t === 'lit' ? a.s : '')).join('')) : undefined;
  const least = shortests?.reduce((m, x) => (x.length < m.length ? x : m));
  const shortest = least !== undefined && shortests!.filter((x) => x.length === least.length).length === 1 ? least : undefined;
  if (shortest !== undefined && shortest.length < MAX_SAMPLED_LITERAL) return shortest;
  const n = wildcardNfa(w);
  if (!n) return undefined;
  return firstWord(n.wordSets()) ?? null;
}
