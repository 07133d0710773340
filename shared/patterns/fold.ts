import { matchesPattern, type Atom, type Wildcard } from './wildcard';

/**
 * Case-insensitive matching without a regular expression: pattern and subject are both folded
 * code unit by code unit, then the linear matcher compares them as usual. Folding one unit to one
 * unit keeps every length, so `?` still stands for exactly one unit and the cost stays that of a
 * plain match.
 */

/** Units at or above this fold through the table (below it: ASCII, folded by arithmetic). */
const FIRST_NON_ASCII = 0x80;

/** Each non-ASCII code unit's folded unit, filled as units are met (0: not folded yet). */
const folded = new Uint16Array(0x10000);

function foldUnit(c: number): number {
  const known = folded[c];
  if (known !== 0) return known;
  // A unit whose lower case is itself one unit folds to it; others (İ → i̇, lone surrogates) stay.
  const lower = c >= 0xd800 && c <= 0xdfff ? '' : String.fromCharCode(c).toLowerCase();
  return (folded[c] = lower.length === 1 ? lower.charCodeAt(0) : c);
}

/**
 * The text with each code unit replaced by its lower-case unit where that is a single unit.
 * Unit by unit, unlike `toLowerCase`, which lowers a Greek capital sigma by its context.
 * @example foldCase('Git PUSH') // 'git push'
 */
export function foldCase(s: string): string {
  let ascii = true;
  for (let i = 0; i < s.length; i++) {
    if (s.charCodeAt(i) >= FIRST_NON_ASCII) {
      ascii = false;
      break;
    }
  }
  if (ascii) return s.toLowerCase();
  const units = new Uint16Array(s.length);
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    units[i] = c < FIRST_NON_ASCII ? (c >= 65 && c <= 90 ? c + 32 : c) : foldUnit(c);
  }
  return decodeUnits(units);
}

/** Code units per `String.fromCharCode` call: far below any engine's argument limit. */
const DECODE_CHUNK = 8_192;

function decodeUnits(units: Uint16Array): string {
  let out = '';
  for (let i = 0; i < units.length; i += DECODE_CHUNK) out += String.fromCharCode(...units.subarray(i, i + DECODE_CHUNK));
  return out;
}

/**
 * The pattern with every literal folded (wildcards unchanged): it matches a folded subject exactly
 * when the original matches the subject ignoring case.
 * @example foldWildcard(opencodePattern('Src/*')).alts[0][0] // { t: 'lit', s: 'src/' }
 */
export function foldWildcard(w: Wildcard): Wildcard {
  return { source: w.source, alts: w.alts.map((alt) => alt.map((a): Atom => (a.t === 'lit' ? { t: 'lit', s: foldCase(a.s) } : a))) };
}

/**
 * Whether `w` matches `input` when case is ignored, in the time a plain match takes.
 * @example matchesIgnoringCase(opencodePattern('git push *'), 'GIT PUSH origin') // true
 */
export function matchesIgnoringCase(w: Wildcard, input: string): boolean {
  return matchesPattern(foldWildcard(w), foldCase(input));
}
