import type { OffsetEdit } from './json-edit';

/** Above this many line pairs left after the common start and end, a change is one hunk. */
const MAX_LCS_CELLS = 1_000_000;

/** One changed stretch of lines: the offsets it replaces in the old text, and what it becomes. */
export interface Hunk extends OffsetEdit {
  /** 0-based first line of the old text it replaces. */
  line: number;
  removed: string[];
  added: string[];
}

/** Lines with their terminators, so offsets add up exactly (CRLF and a missing last newline included). */
function lines(text: string): string[] {
  return text.split(/(?<=\n)/).filter((l) => l !== '');
}

/**
 * The changes from `before` to `after` as whole-line hunks, smallest first: the common start and
 * end are skipped, the middle is aligned line by line when it is small enough, else one hunk.
 * Applying every hunk to `before` gives `after`.
 * @example lineHunks('a\nb\nc\n', 'a\nB\nc\n') // [{ start: 2, end: 4, text: 'B\n', line: 1, removed: ['b'], added: ['B'] }]
 */
export function lineHunks(before: string, after: string): Hunk[] {
  if (before === after) return [];
  const a = lines(before);
  const b = lines(after);
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const am = a.slice(head, a.length - tail);
  const bm = b.slice(head, b.length - tail);
  const offsetOf = (i: number) => a.slice(0, i).reduce((n, l) => n + l.length, 0);
  const hunk = (ai: number, aj: number, bi: number, bj: number): Hunk => {
    const start = offsetOf(head + ai);
    const removed = am.slice(ai, aj);
    const added = bm.slice(bi, bj);
    const end = start + removed.reduce((n, l) => n + l.length, 0);
    return { start, end, text: added.join(''), line: head + ai, removed: removed.map(strip), added: added.map(strip) };
  };
  if (am.length * bm.length > MAX_LCS_CELLS || !am.length || !bm.length) return [hunk(0, am.length, 0, bm.length)];
  // Longest common subsequence of the middle lines; runs of non-matching lines become hunks.
  const n = am.length;
  const m = bm.length;
  const lcs: Uint32Array[] = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
  for (let i = n - 1; i >= 0; i--) for (let j = m - 1; j >= 0; j--) lcs[i][j] = am[i] === bm[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
  const out: Hunk[] = [];
  let i = 0;
  let j = 0;
  let from: [number, number] | undefined;
  const flush = () => {
    if (from) out.push(hunk(from[0], i, from[1], j));
    from = undefined;
  };
  while (i < n || j < m) {
    if (i < n && j < m && am[i] === bm[j]) {
      flush();
      i++;
      j++;
      continue;
    }
    from ??= [i, j];
    if (j >= m || (i < n && lcs[i + 1][j] >= lcs[i][j + 1])) i++;
    else j++;
  }
  flush();
  return out;
}

function strip(l: string): string {
  return l.replace(/\r?\n$/, '');
}
