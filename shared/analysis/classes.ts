import { CharSet, NFA, type NoParent, type Element } from 'refa';
import type { Wildcard } from '../patterns/wildcard';
import { AutomataCache, MAX_CHAR, type InputAlphabet } from './automata';
import { BudgetExceeded, type Deadline } from './budget';
import { walk } from './lazy-dfa';
import { preferredChars, wordFromSet } from './witness';

/** Classes one walk may list before it stops (each class is one request for the evaluator to decide). */
export const MAX_CLASSES = 2_000;

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
