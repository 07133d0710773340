import { isExactAlt, literalHead, type Wildcard } from '../../patterns/wildcard';
import type { ClaudeRule } from './types';

/**
 * Files of saved approvals hold hundreds of Bash rules, and a command is checked against each.
 * Matching is literal code unit for code unit, so a pattern whose every alternative starts with a
 * literal holding a space (or is all literal) only matches texts with that first word: such rules
 * are skipped for a command whose texts start otherwise. Skipping only saves the check; its
 * answer (no match) is what the check would say, and the trace still lists every rule.
 */

/** Below this many rules a plain scan is as quick as the index. */
export const MIN_INDEXED_RULES = 48;

/**
 * The first word of a text (up to its first space).
 * @example firstWord('git status -s') // 'git'
 */
export function firstWord(s: string): string {
  const i = s.indexOf(' ');
  return i < 0 ? s : s.slice(0, i);
}

/**
 * The first words every text a pattern matches starts with, or undefined when some alternative
 * leaves it open: a literal beginning with a space fixes the first word, and so does an
 * all-literal alternative.
 * @example fixedFirstWords(bashPattern('git log *')) // ['git']
 */
export function fixedFirstWords(w: Wildcard): string[] | undefined {
  let hit = FIRST_WORDS.get(w);
  if (hit === undefined) FIRST_WORDS.set(w, (hit = firstWordsOf(w) ?? null));
  return hit ?? undefined;
}

/** Each pattern's answer: rule lists are indexed again for every variant a lint builds (a rule added, one left out). */
const FIRST_WORDS = new WeakMap<Wildcard, string[] | null>();

function firstWordsOf(w: Wildcard): string[] | undefined {
  const out: string[] = [];
  for (const alt of w.alts) {
    const prefix = literalHead(alt);
    const exact = isExactAlt(alt);
    if (!exact && !prefix.includes(' ')) return undefined;
    out.push(firstWord(prefix));
  }
  return out;
}

interface BashIndex {
  /** How many rules the list held when indexed: a list that changed since is indexed again. */
  length: number;
  /** Positions of rules that are not Bash patterns, or whose first word is open: always checked. */
  always: number[];
  /** Positions of Bash patterns by the first words they fix. */
  byWord: Map<string, number[]>;
}

const INDEXES = new WeakMap<readonly ClaudeRule[], BashIndex>();

function indexOf(rules: readonly ClaudeRule[]): BashIndex {
  let hit = INDEXES.get(rules);
  // Lists are not changed once built; should one grow, a rule left out of its index would never be checked.
  if (hit && hit.length === rules.length) return hit;
  hit = { length: rules.length, always: [], byWord: new Map() };
  for (let i = 0; i < rules.length; i++) {
    const m = rules[i].matcher;
    const words = m.kind === 'bash' ? fixedFirstWords(m.pattern) : undefined;
    if (!words) {
      hit.always.push(i);
      continue;
    }
    for (const w of new Set(words)) {
      const list = hit.byWord.get(w);
      if (list) list.push(i);
      else hit.byWord.set(w, [i]);
    }
  }
  INDEXES.set(rules, hit);
  return hit;
}

/**
 * The positions in `rules` (ascending) of the rules that may match a command whose checked texts
 * have these first words; undefined when every rule should be checked (a short list).
 * @example candidatesFor(rules, new Set(['git'])) // positions of `Bash(git …)`, `Bash(*)`, `Read(…)`, …
 */
export function candidatesFor(rules: readonly ClaudeRule[], words: ReadonlySet<string>): number[] | undefined {
  if (rules.length < MIN_INDEXED_RULES) return undefined;
  const { always, byWord } = indexOf(rules);
  const lists = [always];
  for (const w of words) {
    const list = byWord.get(w);
    if (list) lists.push(list);
  }
  if (lists.length === 1) return always;
  const out = lists.flat().sort((a, b) => a - b);
  // A pattern with alternatives of two first words sits in both lists.
  let n = 0;
  for (let i = 0; i < out.length; i++) if (i === 0 || out[i] !== out[i - 1]) out[n++] = out[i];
  out.length = n;
  return out;
}
