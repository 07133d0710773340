/** Fields every stored request may carry whatever its dialect; dialect readers skip these. */
export const GENERIC_REQUEST_FIELDS: readonly string[] = ['name', 'origin', 'note', 'expect', 'platform', 'layers', 'observed'];

export function isGenericField(key: string): boolean {
  return GENERIC_REQUEST_FIELDS.includes(key);
}

/** A misspelling this many edits away (or fewer) from a known word gets a suggestion. */
export const MAX_SUGGESTION_EDITS = 2;

/**
 * The known word a misspelt one most likely means: the same word in another case, else the
 * nearest within `MAX_SUGGESTION_EDITS` edits, else one that starts the other (`expected` → `expect`).
 * @example suggestWord('expected', ['name', 'expect']) // 'expect'
 * @example suggestWord('bash', ['Bash', 'Read']) // 'Bash'
 */
export function suggestWord(word: string, known: readonly string[]): string | undefined {
  const lower = word.toLowerCase();
  const sameCase = known.find((k) => k.toLowerCase() === lower);
  if (sameCase !== undefined) return sameCase === word ? undefined : sameCase;
  let best: { word: string; edits: number } | undefined;
  for (const k of known) {
    const edits = editDistance(lower, k.toLowerCase());
    if (edits <= MAX_SUGGESTION_EDITS && (!best || edits < best.edits)) best = { word: k, edits };
  }
  if (best) return best.word;
  // Only words long enough to mean something: `ex` must not suggest `expect`.
  return known.find((k) => k.length >= 4 && lower.length >= 4 && (lower.startsWith(k.toLowerCase()) || k.toLowerCase().startsWith(lower)));
}

/** Levenshtein distance with adjacent transpositions counted as one edit. */
function editDistance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > MAX_SUGGESTION_EDITS) return MAX_SUGGESTION_EDITS + 1;
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...new Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0][j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}
