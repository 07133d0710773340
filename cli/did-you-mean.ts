import { suggestWord } from '../shared/requests/fields';

/**
 * `; did you mean 'check'?` when a known word is close to a mistyped one (the same closeness that
 * suggests request fields: another case, two edits, or one word starting the other), else ''.
 * @example meant('chek', ['check', 'eval']) // "; did you mean 'check'?"
 * @example meant('zzzzzz', ['check', 'eval']) // ''
 */
export function meant(typed: string, known: readonly string[]): string {
  const m = suggestWord(typed, known);
  return m === undefined ? '' : `; did you mean '${m}'?`;
}
