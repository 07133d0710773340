import { fills, meets } from '../analysis/witness';
import { compile, matches, type Wildcard } from '../patterns/wildcard';
import { realisticCommands, REALISTIC_LEADS, REALISTIC_WORDS } from './realistic';

/**
 * Building blocks the dialects' witness searches share: which rules changed between two versions,
 * and readable members of a wildcard pattern (realistic commands first, then the pattern's own
 * words with realistic stand-ins for its wildcards).
 */

/**
 * The rules of each version that the other lacks, compared by `key` as multisets: where only the
 * set of rules matters (the strictest match wins, or the first match of a tier), a rule both
 * versions have decides alike in both, so only these can make a decision differ.
 * @example changedRules(base.rules, current.rules, (r) => r.text) // { base: [removed…], current: [added…] }
 */
export function changedRules<R>(base: readonly R[], current: readonly R[], key: (r: R) => string): { base: R[]; current: R[] } {
  const unmatched = (from: readonly R[], against: readonly R[]) => {
    const left = new Map<string, number>();
    for (const r of against) left.set(key(r), (left.get(key(r)) ?? 0) + 1);
    return from.filter((r) => {
      const n = left.get(key(r)) ?? 0;
      if (n === 0) return true;
      left.set(key(r), n - 1);
      return false;
    });
  };
  return { base: unmatched(base, current), current: unmatched(current, base) };
}

/**
 * The rules of each version outside the longest start and end the two share (compared by `key`),
 * for rule lists whose order decides (first or last match): a reordering is a change here.
 * @example changedMiddle(['a', 'b', 'c'], ['a', 'c'], (r) => r) // { base: ['b'], current: [] }
 */
export function changedMiddle<R>(base: readonly R[], current: readonly R[], key: (r: R) => string): { base: R[]; current: R[] } {
  let head = 0;
  while (head < base.length && head < current.length && key(base[head]) === key(current[head])) head++;
  let tail = 0;
  while (tail < base.length - head && tail < current.length - head && key(base[base.length - 1 - tail]) === key(current[current.length - 1 - tail])) tail++;
  return { base: base.slice(head, base.length - tail), current: current.slice(head, current.length - tail) };
}

/** Stand-ins for wildcards, after the realistic words: empty, then one short word. */
const EXTRA_FILLERS = ['', 'x'];

/**
 * Readable members of a command pattern: the realistic commands it matches, then the pattern with
 * every wildcard replaced by one realistic word, then the analyser's own fills. All are members.
 * @example commandFills(bashPattern('git push *'))[0] // 'git push origin main'
 */
export function commandFills(w: Wildcard, max = 12): string[] {
  const m = compile(w);
  const out = new Set<string>();
  for (const c of realisticCommands()) {
    if (out.size >= max) break;
    if (matches(m, c)) out.add(c);
  }
  for (const alt of w.alts) {
    for (const word of [...REALISTIC_WORDS, ...EXTRA_FILLERS]) {
      const s = alt.map((a) => (a.t === 'lit' ? a.s : a.t === 'one' ? word.slice(0, 1) || 'x' : word)).join('');
      if (matches(m, s)) out.add(s);
    }
    // A pattern that starts with a wildcard: a whole command in its place, read-only ones included.
    if (alt[0]?.t === 'star') {
      for (const lead of REALISTIC_LEADS) {
        const s = alt.map((a, i) => (a.t === 'lit' ? a.s : a.t === 'one' ? 'x' : i === 0 ? lead : REALISTIC_WORDS[0])).join('');
        if (matches(m, s)) out.add(s);
      }
    }
  }
  for (const f of fills(w)) out.add(f);
  return [...out].filter((s) => s.trim() !== '');
}

/**
 * Strings both patterns match, from their literals (see `meets`).
 * @example patternMeets(bashPattern('git *'), bashPattern('* --force')) // ['git --force', …]
 */
export function patternMeets(a: Wildcard, b: Wildcard): string[] {
  return meets(a, b).filter((s) => s.trim() !== '');
}
