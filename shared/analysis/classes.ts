import { CharSet, NFA, type NoParent, type Element } from 'refa';
import type { Wildcard } from '../patterns/wildcard';
import { AutomataCache, MAX_CHAR, type InputAlphabet } from './automata';
import { BudgetExceeded, MAX_ANALYSED_PATTERN_CHARS, type Deadline } from './budget';
import { walk } from './lazy-dfa';
import { preferredChars, wordFromSet } from './witness';
import { thousands } from '../text/thousands';

/** Classes one walk may list before it stops (each class is one request for the evaluator to decide). */
export const MAX_CLASSES = 2_000;

/**
 * Wildcards (stars and ones, over all its alternatives) a pattern may hold to be walked. The walk's
 * states track where each star may be, so its cost grows faster than the pattern: past this a
 * pattern's classes are not walked and the caller reports it as not searched (see `walkLimit`).
 */
export const MAX_WALKED_WILDCARDS = 16;

/** What makes a pattern too large to analyse (the `pattern` budget), for messages. */
export const PATTERN_LIMITS = `more than ${MAX_WALKED_WILDCARDS} wildcards or ${thousands(MAX_ANALYSED_PATTERN_CHARS)} characters`;

/** How many wildcards a pattern holds, over all its alternatives. */
function wildcardCount(w: Wildcard): number {
  let n = 0;
  for (const alt of w.alts) for (const a of alt) if (a.t !== 'lit') n++;
  return n;
}

/**
 * Why `w` is too large for a class walk, or undefined when it may be walked.
 * @example walkLimit(bashPattern('*a'.repeat(200))) // 'its pattern has 200 wildcards (more than 16)'
 */
export function walkLimit(w: Wildcard): string | undefined {
  return wildcardLimit(wildcardCount(w));
}

/**
 * Why a pattern of `n` wildcards is too large to walk or fill, or undefined when it is not (for a
 * dialect that counts the wildcards of its own pattern text).
 * @example wildcardLimit(200) // 'its pattern has 200 wildcards (more than 16)'
 */
export function wildcardLimit(n: number): string | undefined {
  return n > MAX_WALKED_WILDCARDS ? `its pattern has ${n} wildcards (more than ${MAX_WALKED_WILDCARDS})` : undefined;
}

/** A pattern's source for a message, cut short. */
const shown = (w: Wildcard) => (w.source.length > 40 ? `${w.source.slice(0, 40)}…` : w.source);

/**
 * The patterns among `patterns` too large to walk, each as a "not searched" line naming it.
 * @example unwalkable('Bash', [bashPattern('*a'.repeat(200))])[0] // 'Bash(*a*a…): its pattern has 200 wildcards …'
 */
export function unwalkable(what: string, patterns: readonly Wildcard[]): string[] {
  const out: string[] = [];
  for (const w of patterns) {
    const why = walkLimit(w);
    if (why) out.push(`${what}(${shown(w)}): ${why}; the classes of the patterns it overlaps were not walked, only realistic requests and the rules' own words were tried`);
  }
  return out;
}

/**
 * Words as a command line reads them once its spacing is normalized: no space at either end and
 * never two in a row. Agents trim and split commands into words, so `rm x ` is `rm x` to them; a
 * walk kept to these words finds classes the agent really tells apart.
 */
function normalizedWords(alphabet: InputAlphabet): NFA {
  const space = 0x20;
  const word = alphabet.units.without({ min: space, max: space });
  const cls = (c: CharSet): NoParent<Element> => ({ type: 'CharacterClass', characters: c });
  const expr: NoParent<Element> = {
    type: 'Alternation',
    alternatives: [
      { type: 'Concatenation', elements: [] },
      {
        type: 'Concatenation',
        elements: [
          cls(word),
          {
            type: 'Quantifier',
            lazy: false,
            min: 0,
            max: Infinity,
            alternatives: [{ type: 'Concatenation', elements: [{ type: 'Quantifier', lazy: false, min: 0, max: 1, alternatives: [{ type: 'Concatenation', elements: [cls(CharSet.fromCharacter(MAX_CHAR, space))] }] }, cls(word)] }],
          },
        ],
      },
    ],
  };
  return NFA.fromRegex({ type: 'Concatenation', elements: [expr] }, { maxCharacter: MAX_CHAR });
}

/**
 * One shortest word per class of inputs that some of `focus` match, a class being which of all
 * the patterns (`focus` then `others`) match: inputs of one class are matched by exactly the same
 * rules. Exact on the automata: every reachable class is listed, within the budget. Only inputs a
 * focus pattern matches are walked (an edit changes the decisions of nothing else); with
 * `normalized`, only words spaced as a command line is once normalized (see `normalizedWords`).
 * Yields the words found before a budget stops it, then throws the `BudgetExceeded`.
 * @example [...patternClasses([bashPattern('git *')], [bashPattern('git status')], alphabet, deadline)] // ['git', 'git status']
 */
export function* patternClasses(focus: readonly Wildcard[], others: readonly Wildcard[], alphabet: InputAlphabet, deadline: Deadline, normalized = false): Generator<string, void, void> {
  if (focus.length === 0) return;
  const all = [...focus, ...others];
  // Callers report these first (`unwalkable`); a pattern past the limit never reaches the walk.
  if (all.some((w) => walkLimit(w) !== undefined)) throw new BudgetExceeded('pattern');
  const cache = new AutomataCache(alphabet);
  const preferred = preferredChars(all);
  const words: string[] = [];
  let stopped: BudgetExceeded | undefined;
  try {
    const nfas = all.map((w) => cache.nfa({ kind: 'one', w }));
    // The spacing automaton goes last: its mark is not part of a class.
    if (normalized) nfas.push(normalizedWords(alphabet));
    const seen = new Set<string>();
    const f = focus.length;
    const n = all.length;
    walk(nfas, cache.facts, (s, path) => {
      if (!s.present.slice(0, f).includes(true)) return 'skip';
      if (normalized && !s.present[n]) return 'skip';
      if (s.accepting.slice(0, f).includes(true) && (!normalized || s.accepting[n])) {
        const key = s.accepting.slice(0, n).map((x) => (x ? '1' : '0')).join('');
        if (!seen.has(key)) {
          seen.add(key);
          words.push(wordFromSet(path(), preferred)[0]);
          if (words.length >= MAX_CLASSES) throw new BudgetExceeded('states');
        }
      }
      return 'expand';
    }, deadline);
  } catch (e) {
    if (!(e instanceof BudgetExceeded)) throw e;
    stopped = e;
  }
  yield* words;
  if (stopped) throw stopped;
}
