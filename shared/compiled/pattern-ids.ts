import type { Wildcard } from '../patterns/wildcard';

/**
 * Distinct pattern contents remembered with their number. Past this the table starts over; numbers
 * keep counting up, so a number never names two contents (a pattern met again just gets a new one).
 */
export const MAX_INTERNED_PATTERNS = 1 << 16;

const byContent = new Map<string, number>();
const byObject = new WeakMap<Wildcard, number>();
let nextId = 1;

/**
 * The content of a pattern as the index sees it: its alternatives, atom by atom. Literals carry
 * their length, so no two contents share a key.
 */
function contentKey(w: Wildcard): string {
  let key = '';
  for (const alt of w.alts) {
    key += '|';
    for (const a of alt) key += a.t === 'lit' ? `${a.s.length}:${a.s}` : a.t === 'star' ? '*' : '?';
  }
  return key;
}

/**
 * A number for a pattern's content: two patterns get the same number only if they have the same
 * alternatives, so anything built from a list of patterns can be keyed on their numbers. Parses
 * of an edited file share most pattern objects, which are looked up without reading them.
 * @example patternId(opencodePattern('docs/*')) === patternId(opencodePattern('docs/*')) // true
 */
export function patternId(w: Wildcard): number {
  const known = byObject.get(w);
  if (known !== undefined) return known;
  const key = contentKey(w);
  let id = byContent.get(key);
  if (id === undefined) {
    if (byContent.size >= MAX_INTERNED_PATTERNS) byContent.clear();
    id = nextId++;
    byContent.set(key, id);
  }
  byObject.set(w, id);
  return id;
}
