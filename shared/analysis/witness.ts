import type { CharSet, WordSet } from 'refa';
import type { Atom, Wildcard } from '../patterns/wildcard';
import { SEP } from './automata';

/** Characters a reader recognizes at a glance, tried in this order after a pattern's own literals. */
const READABLE = 'abcdefghijklmnopqrstuvwxyz/.-_0123456789 ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** How many stand-in strings per pattern alternative are tried before falling back to automata. */
const MAX_FILLS_PER_ALT = 4;

/**
 * The characters to prefer in witnesses, as code units: readable ASCII, then the patterns' own
 * printable literal characters, then the rest of printable ASCII.
 * @example preferredChars([opencodePattern('secrets/*')])[0] // 0x61 ('a')
 */
export function preferredChars(patterns: readonly Wildcard[]): number[] {
  const seen = new Set<number>();
  const out: number[] = [];
  const add = (c: number) => {
    if (!seen.has(c)) {
      seen.add(c);
      out.push(c);
    }
  };
  for (const c of READABLE) add(c.charCodeAt(0));
  for (const w of patterns) for (const alt of w.alts) for (const a of alt) if (a.t === 'lit') for (let i = 0; i < a.s.length; i++) {
    const c = a.s.charCodeAt(i);
    if (c >= 0x20 && c < 0x7f) add(c);
  }
  for (let c = 0x21; c < 0x7f; c++) add(c);
  return out;
}

function pick(cs: CharSet, preferred: readonly number[]): number {
  for (const c of preferred) if (cs.has(c)) return c;
  return cs.ranges[0].min;
}

/**
 * One concrete word from a word set, choosing preferred characters; split at the pair separator.
 * @example wordFromSet(ws, preferredChars([])) // ['edit', 'secrets/a']
 */
export function wordFromSet(ws: WordSet, preferred: readonly number[]): string[] {
  const parts: string[] = [];
  let cur = '';
  for (const cs of ws) {
    const c = cs.has(SEP) && cs.size === 1 ? SEP : pick(cs, preferred);
    if (c === SEP) {
      parts.push(cur);
      cur = '';
    } else cur += String.fromCharCode(c);
  }
  parts.push(cur);
  return parts;
}

function fillAlt(atoms: Atom[], star: string, one: string): string {
  return atoms.map((a) => (a.t === 'lit' ? a.s : a.t === 'one' ? one : star)).join('');
}

/**
 * Readable members of a pattern's language: each wildcard replaced by a stand-in (`secrets/*` →
 * `secrets/a`, `secrets/`). Every result is matched by the pattern, so no check is needed for that.
 * @example fills(opencodePattern('secrets/*')) // ['secrets/a', 'secrets/', …]
 */
export function fills(w: Wildcard, known: readonly string[] = []): string[] {
  const out = new Set<string>();
  for (const alt of w.alts) {
    if (alt.length === 1 && alt[0].t === 'star') for (const k of known) out.add(k);
    const variants = [fillAlt(alt, 'a', 'a'), fillAlt(alt, '', 'a'), fillAlt(alt, 'x', 'x'), fillAlt(alt, 'a/b', 'b')];
    for (const v of variants.slice(0, MAX_FILLS_PER_ALT)) out.add(v);
  }
  return [...out];
}
