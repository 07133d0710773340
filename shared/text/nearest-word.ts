/**
 * Edits between two words — insertions, deletions, substitutions, and a swap of two neighbours as
 * one edit (a typo's usual shape) — or `max + 1` as soon as they are surely further apart.
 * @example editDistance('expcet', 'expect', 2) // 1
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...new Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0][j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return Math.min(d[a.length][b.length], max + 1);
}

/**
 * The known word nearest to `word` within `max` edits (the first of equals), or undefined; with
 * `caseBlind`, case differences cost nothing.
 * @example nearestWord('commandPrefx', ['commandPrefix', 'commandRegex'], 2) // 'commandPrefix'
 */
export function nearestWord(word: string, known: readonly string[], max: number, caseBlind = false): string | undefined {
  const norm = (s: string) => (caseBlind ? s.toLowerCase() : s);
  let best: { word: string; edits: number } | undefined;
  for (const k of known) {
    const edits = editDistance(norm(word), norm(k), max);
    if (edits <= max && (!best || edits < best.edits)) best = { word: k, edits };
  }
  return best?.word;
}
