import { DFA, JS, NFA, Words, getIntersectionWordSets, type ReadonlyWordSet } from 'refa';
import { toRegExpSource, type Wildcard } from '../../patterns/wildcard';

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
 * A string in `a` but in none of `bs`, or null when `a` is covered (`undefined`: over budget, no claim).
 * @example uncovered(bashPattern('ls *'), [bashPattern('*')]) // null
 */
export function uncovered(a: Wildcard, bs: Wildcard[]): string | null | undefined {
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

/**
 * A string in both languages, or null when they are disjoint (`undefined`: over budget).
 * @example overlap(bashPattern('python *'), bashPattern('python -c *')) // 'python -c'
 */
export function overlap(a: Wildcard | Wildcard[], b: Wildcard | Wildcard[]): string | null | undefined {
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
 * A shortest readable member of a language, or null when it is empty.
 * @example sample(bashPattern('git *')) // 'git'
 */
export function sample(w: Wildcard | Wildcard[]): string | null | undefined {
  const n = wildcardNfa(w);
  if (!n) return undefined;
  return firstWord(n.wordSets()) ?? null;
}
