import { nearestWord } from '../text/nearest-word';

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
  const near = nearestWord(word, known, MAX_SUGGESTION_EDITS, true);
  if (near !== undefined) return near;
  // Only words long enough to mean something: `ex` must not suggest `expect`.
  return known.find((k) => k.length >= 4 && lower.length >= 4 && (lower.startsWith(k.toLowerCase()) || k.toLowerCase().startsWith(lower)));
}
