import type { Atom, Wildcard } from '../patterns/wildcard';
import type { Language } from './automata';

/**
 * Stands for the pair separator inside overlap keys. Keys only need to be a prefix (suffix) of the
 * rendering of every word of a language; any fixed stand-in keeps that true, so the filter built on
 * them stays sound even if this unit also occurs in a pattern.
 */
const SEP_KEY = '\u0000';

// The first text is its own prefix and suffix: each loop starts at the second, and a text is
// cut only where another leaves it (a cut of the whole text makes a string to no purpose).
function commonPrefix(xs: string[]): string {
  if (xs.length === 0) return '';
  let p = xs[0];
  for (let k = 1; k < xs.length; k++) {
    const x = xs[k];
    let i = 0;
    while (i < p.length && i < x.length && p.charCodeAt(i) === x.charCodeAt(i)) i++;
    if (i < p.length) p = p.slice(0, i);
  }
  return p;
}

function commonSuffix(xs: string[]): string {
  if (xs.length === 0) return '';
  let s = xs[0];
  for (let k = 1; k < xs.length; k++) {
    const x = xs[k];
    let i = 0;
    while (i < s.length && i < x.length && s.charCodeAt(s.length - 1 - i) === x.charCodeAt(x.length - 1 - i)) i++;
    if (i < s.length) s = s.slice(s.length - i);
  }
  return s;
}

/** The whole text of an alternative without wildcards, or undefined. */
function exactText(alt: Atom[]): string | undefined {
  let s = '';
  for (const a of alt) {
    if (a.t !== 'lit') return undefined;
    s += a.s;
  }
  return s;
}

function lead(alt: Atom[]): string {
  return alt.length > 0 && alt[0].t === 'lit' ? alt[0].s : '';
}

function trail(alt: Atom[]): string {
  const a = alt[alt.length - 1];
  return a && a.t === 'lit' ? a.s : '';
}

/**
 * `a`, the pair separator and `b` as one string in one buffer. Keys are hashed and sorted by the
 * thousand (the overlap index); a concatenation would be a pair of its parts until first read, and
 * then a flat copy besides the pair, both kept with the key. A join writes the flat string alone.
 */
function joined(a: string, b: string): string {
  return [a, b].join(SEP_KEY);
}

/**
 * The literal text every word of a pattern starts with: its alternatives' common literal start.
 * @example literalPrefixOf(opencodePattern('src/*.ts')) // 'src/'
 */
export const literalPrefixOf = (w: Wildcard) => (w.alts.length === 1 ? lead(w.alts[0]) : commonPrefix(w.alts.map(lead)));
const suffixOf = (w: Wildcard) => (w.alts.length === 1 ? trail(w.alts[0]) : commonSuffix(w.alts.map(trail)));

/**
 * Literal text every word of the language starts and ends with (the pair separator written as
 * U+0000), for the analyser's overlap filter.
 * @example languageKeys({ kind: 'one', w: opencodePattern('src/*.ts') }) // { prefix: 'src/', suffix: '.ts' }
 */
export function languageKeys(l: Language): { prefix: string; suffix: string } {
  if (l.kind === 'one') return { prefix: literalPrefixOf(l.w), suffix: suffixOf(l.w) };
  // One alternative a side (most rules): the keys below without their lists.
  if (l.a.alts.length === 1 && l.b.alts.length === 1) return { prefix: pairPrefix(l.a, l.b), suffix: pairSuffix(l.a, l.b) };
  const prefixes = l.a.alts.map((alt) => {
    const x = exactText(alt);
    return x === undefined ? lead(alt) : x + SEP_KEY + literalPrefixOf(l.b);
  });
  const suffixes = l.b.alts.map((alt) => {
    const x = exactText(alt);
    return x === undefined ? trail(alt) : suffixOf(l.a) + SEP_KEY + x;
  });
  return { prefix: commonPrefix(prefixes), suffix: commonSuffix(suffixes) };
}

/**
 * The prefix key of a pair language (action × resource), as `languageKeys` gives it, with no
 * language or key object made: every rule of a file has a pair.
 * @example pairPrefix(opencodePattern('edit'), opencodePattern('src/*')) // 'edit\u0000src/'
 */
export function pairPrefix(a: Wildcard, b: Wildcard): string {
  if (a.alts.length !== 1 || b.alts.length !== 1) return languageKeys({ kind: 'pair', a, b }).prefix;
  const x = exactText(a.alts[0]);
  return x === undefined ? lead(a.alts[0]) : joined(x, lead(b.alts[0]));
}

/** The suffix key of a pair language, as `pairPrefix` the prefix. @example pairSuffix(opencodePattern('edit'), opencodePattern('*.ts')) // '.ts' */
export function pairSuffix(a: Wildcard, b: Wildcard): string {
  if (a.alts.length !== 1 || b.alts.length !== 1) return languageKeys({ kind: 'pair', a, b }).suffix;
  const y = exactText(b.alts[0]);
  return y === undefined ? trail(b.alts[0]) : joined(trail(a.alts[0]), y);
}
