import type { CharSet, WordSet } from 'refa';
import type { Atom, Wildcard } from '../patterns/wildcard';
import { SEP, type Language } from './automata';

/** Characters a reader recognizes at a glance, tried in this order after a pattern's own literals. */
const READABLE = 'abcdefghijklmnopqrstuvwxyz/.-_0123456789 ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** How many stand-in strings per pattern alternative are tried before falling back to automata. */
const MAX_FILLS_PER_ALT = 4;
/** The stand-ins for `*` and `?` of each fill, in the order fills are listed. */
const FILLERS = ([['a', 'a'], ['', 'a'], ['x', 'x'], ['a/b', 'b']] as const).slice(0, MAX_FILLS_PER_ALT);

/**
 * The characters to prefer in witnesses, as code units: readable ASCII, then the patterns' own
 * printable literal characters, then the rest of printable ASCII.
 * @example preferredChars([opencodePattern('secrets/*')])[0] // 0x61 ('a')
 */
export function preferredChars(patterns: readonly Wildcard[]): number[] {
  const own: number[] = [];
  for (const w of patterns) for (const alt of w.alts) for (const a of alt) if (a.t === 'lit') for (let i = 0; i < a.s.length; i++) own.push(a.s.charCodeAt(i));
  return preferredOrder(own);
}

/**
 * `preferredChars` from the patterns' literal characters already listed (repeats allowed): callers
 * that keep each file's characters need not walk every pattern again.
 * @example preferredOrder([0x7e])[0] // 0x61 ('a'); '~' follows the readable characters
 */
export function preferredOrder(own: readonly number[]): number[] {
  const seen = new Set<number>();
  const out: number[] = [];
  const add = (c: number) => {
    if (!seen.has(c)) {
      seen.add(c);
      out.push(c);
    }
  };
  for (const c of READABLE) add(c.charCodeAt(0));
  for (const c of own) if (c >= 0x20 && c < 0x7f) add(c);
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
  let s = '';
  for (const a of atoms) s += a.t === 'lit' ? a.s : a.t === 'one' ? one : star;
  return s;
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
    for (const [star, one] of FILLERS) out.add(fillAlt(alt, star, one));
  }
  return [...out];
}

/**
 * `fills(w, known)[0]` without listing the others.
 * @example firstFill(opencodePattern('secrets/*')) // 'secrets/a'
 */
export function firstFill(w: Wildcard, known: readonly string[] = []): string | undefined {
  const alt = w.alts[0];
  if (alt === undefined) return undefined;
  if (alt.length === 1 && alt[0].t === 'star' && known.length > 0) return known[0];
  return fillAlt(alt, FILLERS[0][0], FILLERS[0][1]);
}

/** Code units of a pattern alternative; `?` is -1 and `*` is -2. */
function tokens(atoms: readonly Atom[]): number[] {
  const out: number[] = [];
  for (const a of atoms) {
    if (a.t === 'lit') for (let i = 0; i < a.s.length; i++) out.push(a.s.charCodeAt(i));
    else out.push(a.t === 'one' ? -1 : -2);
  }
  return out;
}

/** Position pairs a constructed meet may visit; longer patterns are left to the automata. */
const MAX_MEET_CELLS = 4_096;

/** A shortest string both token strings match (0-1 search over position pairs), or undefined. */
function meetAlts(x: readonly number[], y: readonly number[], filler: number): string | undefined {
  if ((x.length + 1) * (y.length + 1) > MAX_MEET_CELLS) return undefined;
  const w = y.length + 1;
  const best = new Map<number, string>();
  const deque: Array<[number, number, string]> = [[0, 0, '']];
  while (deque.length > 0) {
    const [i, j, s] = deque.shift()!;
    const key = i * w + j;
    if (best.has(key)) continue;
    best.set(key, s);
    if (i === x.length && j === y.length) return s;
    // Skipping a run costs no character: searched first, so the string found is a shortest one.
    if (x[i] === -2) deque.unshift([i + 1, j, s]);
    if (y[j] === -2) deque.unshift([i, j + 1, s]);
    const a = i < x.length ? x[i] : undefined;
    const b = j < y.length ? y[j] : undefined;
    if (a === -2 && b !== undefined && b !== -2) deque.push([i, j + 1, s + String.fromCharCode(b === -1 ? filler : b)]);
    if (b === -2 && a !== undefined && a !== -2) deque.push([i + 1, j, s + String.fromCharCode(a === -1 ? filler : a)]);
    if (a !== undefined && b !== undefined && a !== -2 && b !== -2 && (a === b || a === -1 || b === -1)) {
      deque.push([i + 1, j + 1, s + String.fromCharCode(a >= 0 ? a : b >= 0 ? b : filler)]);
    }
  }
  return undefined;
}

/** Fillers for `?` in constructed strings. */
const MEET_FILLERS = ['a', 'x'];

/**
 * Short strings matched by both patterns, built from their literals (`git status5 *` and
 * `git *log*` meet in `git status5 log`): stand-ins for the intersection, checked before use.
 * @example meets(opencodePattern('secrets/*'), opencodePattern('*.env')) // ['secrets/.env']
 */
export function meets(a: Wildcard, b: Wildcard): string[] {
  const out = new Set<string>();
  for (const x of a.alts) for (const y of b.alts) for (const f of MEET_FILLERS) {
    const s = meetAlts(tokens(x), tokens(y), f.charCodeAt(0));
    if (s !== undefined) out.add(s);
  }
  return [...out];
}

/**
 * `meets` for two rule languages, as request parts (`[action, resource]` for pairs).
 * @example languageMeets(pair('edit', 'secrets/*'), pair('*', '*.env')) // [['edit', 'secrets/.env']]
 */
export function languageMeets(a: Language, b: Language): string[][] {
  if (a.kind === 'one' && b.kind === 'one') return meets(a.w, b.w).map((s) => [s]);
  if (a.kind === 'pair' && b.kind === 'pair') {
    const actions = meets(a.a, b.a);
    const resources = meets(a.b, b.b);
    return actions.flatMap((x) => resources.map((y) => [x, y]));
  }
  return [];
}
