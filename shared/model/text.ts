/** Longest headline a finding shows: the consequence first, the rest in related information. */
export const MAX_HEADLINE = 120;

/**
 * Text cut to at most `max` characters at a word boundary, with `…` where it was cut; whitespace
 * runs (newlines too) read as one space. A text without a space in reach is cut mid-word.
 * @example clipText('git push --force origin main', 20) // 'git push --force…'
 */
export function clipText(s: string, max: number): string {
  const one = s.replace(/\s+/g, ' ');
  if (one.length <= max) return one;
  const room = one.slice(0, Math.max(1, max - 1));
  const space = room.lastIndexOf(' ');
  return `${(space >= max / 2 ? room.slice(0, space) : room).trimEnd()}…`;
}

/**
 * The first letter in upper case: consequences are written as clauses and lead a headline.
 * @example capitalize('arbitrary code can run') // 'Arbitrary code can run'
 */
export function capitalize(s: string): string {
  return s ? s[0].toUpperCase() + s.slice(1) : s;
}
