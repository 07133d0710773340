/**
 * The canonical form every dialect's command/resource patterns compile to. The matcher below and
 * the analyser's automata are both built from it, so there is one source of truth for what a
 * pattern means.
 *
 * A pattern is a union of alternatives; each alternative is a sequence of atoms that must cover the
 * whole input (anchored at both ends).
 */
export type Atom =
  | { t: 'lit'; s: string } // literal text, matched code unit for code unit
  | { t: 'one' } //          exactly one UTF-16 code unit (any, newline included)
  | { t: 'star' }; //        any run of code units, `/` and newlines included

export interface Wildcard {
  /** The pattern as written in the rule file. */
  source: string;
  alts: Atom[][];
  /**
   * What OpenCode's one-rule lints and coverage analysis keep per pattern object (parses of a
   * file share its unchanged patterns): slots on the object, not weak tables, since a large file
   * has thousands of patterns, and a weak table costs a hash per lookup and keeps an entry per
   * pattern until the next full collection. OpenCode's patterns are made with both, undefined.
   */
  notes?: unknown;
  shapes?: unknown;
  /**
   * The pattern compiled for matching, built when first matched (`matcherOf`): most of a large
   * file's patterns are never matched while it is checked (an index picks the few candidates).
   */
  compiled?: CompiledWildcard;
}

/** Pattern texts longer than this are still matched, but analysis may skip them (see analysis budgets). */
export const MAX_PATTERN_CHARS = 100_000;

/**
 * Builds atoms from text where `star` chars become stars and `one` chars become single-unit
 * wildcards; consecutive stars collapse (they mean the same language).
 * @example atomsOf('a*?b', { star: true, one: true }) // [lit a, star, one, lit b]
 */
export function atomsOf(text: string, wild: { star: boolean; one: boolean }): Atom[] {
  const first = firstWildcard(text, wild);
  // Most patterns are a literal, or a literal and a final star: built at their size.
  if (first < 0) return text.length > 0 ? [{ t: 'lit', s: text }] : [];
  if (first === text.length - 1 && text.charCodeAt(first) === 42 && wild.star) return first > 0 ? [{ t: 'lit', s: text.slice(0, first) }, STAR] : [STAR];
  const out: Atom[] = [];
  // Literal runs are sliced from the text, not built a character at a time (that leaves a chain of
  // string pieces per pattern, kept as long as the rule). Wildcard atoms hold nothing of their own:
  // every pattern shares the same two.
  let from = 0;
  for (let i = first; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const star = wild.star && c === 42; /* * */
    if (!star && !(wild.one && c === 63)) /* ? */ continue;
    if (i > from) out.push({ t: 'lit', s: text.slice(from, i) });
    from = i + 1;
    if (!star) out.push(ONE);
    else if (out.length === 0 || out[out.length - 1].t !== 'star') out.push(STAR);
  }
  if (text.length > from) out.push({ t: 'lit', s: from === 0 ? text : text.slice(from) });
  return out;
}

/** Where the first wildcard character is, or -1. */
function firstWildcard(text: string, wild: { star: boolean; one: boolean }): number {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if ((wild.star && c === 42) || (wild.one && c === 63)) return i;
  }
  return -1;
}

/**
 * The wildcard atoms, shared: atoms are never changed once built (not frozen: a frozen object has
 * another shape than the atoms built elsewhere, and readers of both would take two paths).
 */
const STAR: Atom = { t: 'star' };
const ONE: Atom = { t: 'one' };

/** A run of non-star atoms, pre-flattened for fast comparison: `mask[i]` true means "any unit". */
interface Segment {
  text: string;
  mask: boolean[] | null;
  /** Longest literal run inside the segment and its offset, to find candidates with indexOf. */
  anchor: string;
  anchorAt: number;
  /** Bit-parallel tables for the masked scan, built on the first search that needs them. */
  bits?: BitTables;
}

/**
 * Shift-And tables of a masked segment: bit i of `byChar[c]` is set when position i accepts code
 * unit c (the literal is c, or the position is `?`); `wild` is what every other unit gets.
 */
interface BitTables {
  words: number;
  wild: Uint32Array;
  byChar: Map<number, Uint32Array>;
}

/**
 * Verification work (code units compared) a masked segment search may spend per unit of input it
 * has advanced over before it switches from anchor probing to the bit-parallel scan. Probing is the
 * fastest when the anchor is rare; the scan caps the worst case (`a?a?…b` over `aaaa…`) at
 * O(n·⌈m/32⌉) instead of O(n·m).
 */
export const PROBE_WORK_PER_UNIT = 4;
/** Probing work allowed before the per-unit budget applies, so short inputs never build tables. */
const PROBE_WORK_SLACK = 256;

/** A compiled alternative: segments between stars; `open*` says whether a star leads/trails. */
interface CompiledAlt {
  segs: Segment[];
  leadStar: boolean;
  trailStar: boolean;
  minLength: number;
}

export interface CompiledWildcard {
  source: string;
  alts: CompiledAlt[];
}

/** The segment of star-free atoms `atoms[from..to)`. */
function segmentOf(atoms: readonly Atom[], from: number, to: number): Segment {
  if (to === from) return EMPTY_SEGMENT;
  const a0 = atoms[from];
  // A single literal, the usual case: no mask, the literal is its own anchor.
  if (to === from + 1 && a0.t === 'lit') return { text: a0.s, mask: null, anchor: a0.s, anchorAt: 0 };
  let text = '';
  let mask: boolean[] | null = null;
  for (let k = from; k < to; k++) {
    const a = atoms[k];
    if (a.t === 'lit') {
      if (mask) for (let i = 0; i < a.s.length; i++) mask.push(false);
      text += a.s;
    } else {
      if (!mask) mask = Array.from({ length: text.length }, () => false);
      mask.push(true);
      text += '\0';
    }
  }
  let anchor = '';
  let anchorAt = 0;
  if (mask) {
    let runStart = 0;
    for (let i = 0; i <= text.length; i++) {
      if (i === text.length || mask[i]) {
        if (i - runStart > anchor.length) {
          anchor = text.slice(runStart, i);
          anchorAt = runStart;
        }
        runStart = i + 1;
      }
    }
  } else {
    anchor = text;
  }
  return { text, mask, anchor, anchorAt };
}

/** The empty segment (before a leading star, after a trailing one): shared, it never builds tables (`bitTables` is for masked segments). */
const EMPTY_SEGMENT: Segment = { text: '', mask: null, anchor: '', anchorAt: 0 };

/**
 * Compiles the canonical form once for repeated matching.
 * @example matches(compile({ source: 'a*', alts: [[{t:'lit',s:'a'},{t:'star'}]] }), 'abc') // true
 */
export function compile(w: Wildcard): CompiledWildcard {
  const alts = new Array<CompiledAlt>(w.alts.length);
  for (let k = 0; k < w.alts.length; k++) {
    const atoms = w.alts[k];
    let stars = 0;
    for (const a of atoms) if (a.t === 'star') stars++;
    const segs = new Array<Segment>(stars + 1);
    let from = 0;
    let minLength = 0;
    for (let i = 0, n = 0; i <= atoms.length; i++) {
      if (i < atoms.length && atoms[i].t !== 'star') continue;
      const seg = segmentOf(atoms, from, i);
      segs[n++] = seg;
      minLength += seg.text.length;
      from = i + 1;
    }
    const n = atoms.length;
    alts[k] = { segs, leadStar: n > 0 && atoms[0].t === 'star', trailStar: n > 0 && atoms[n - 1].t === 'star', minLength };
  }
  return { source: w.source, alts };
}

/**
 * `compile(w)`, kept in `w`'s slot: compiled on first use, once. Meant for patterns made with the
 * slot (OpenCode's), so adding it never changes an object's shape.
 * @example matches(matcherOf(opencodePattern('docs/*')), 'docs/a') // true
 */
export function matcherOf(w: Wildcard): CompiledWildcard {
  return (w.compiled ??= compile(w));
}

function segAt(seg: Segment, input: string, at: number): boolean {
  const { text, mask } = seg;
  if (at < 0 || at + text.length > input.length) return false;
  if (!mask) return input.startsWith(text, at);
  for (let i = 0; i < text.length; i++) {
    if (!mask[i] && input.charCodeAt(at + i) !== text.charCodeAt(i)) return false;
  }
  return true;
}

/** Leftmost position ≥ from where seg matches and ends ≤ limit, or -1. */
function findSeg(seg: Segment, input: string, from: number, limit: number): number {
  const len = seg.text.length;
  if (len === 0) return from <= limit ? from : -1;
  if (!seg.mask) {
    const at = input.indexOf(seg.text, from);
    return at >= 0 && at + len <= limit ? at : -1;
  }
  if (seg.anchor.length === 0) {
    return from + len <= limit ? from : -1; // all `?`: any position of the right length
  }
  let probe = from + seg.anchorAt;
  let work = 0;
  for (;;) {
    const hit = input.indexOf(seg.anchor, probe);
    if (hit < 0) return -1;
    const at = hit - seg.anchorAt;
    if (at + len > limit) return -1;
    if (segAt(seg, input, at)) return at;
    work += len;
    if (work > PROBE_WORK_PER_UNIT * (at - from) + PROBE_WORK_SLACK) return scanSeg(seg, input, at + 1, limit);
    probe = hit + 1;
  }
}

function bitTables(seg: Segment): BitTables {
  if (seg.bits) return seg.bits;
  const { text, mask } = seg;
  const words = Math.ceil(text.length / 32);
  const wild = new Uint32Array(words);
  for (let i = 0; i < text.length; i++) if (mask?.[i]) wild[i >>> 5] |= 1 << (i & 31);
  const byChar = new Map<number, Uint32Array>();
  for (let i = 0; i < text.length; i++) {
    if (mask?.[i]) continue;
    const c = text.charCodeAt(i);
    let row = byChar.get(c);
    if (!row) byChar.set(c, (row = wild.slice()));
    row[i >>> 5] |= 1 << (i & 31);
  }
  return (seg.bits = { words, wild, byChar });
}

/**
 * Leftmost position ≥ from where a masked segment matches and ends ≤ limit, or -1, in one pass
 * over the input (Shift-And): bit i of the state says "the last i+1 units match the segment's
 * first i+1 positions".
 */
function scanSeg(seg: Segment, input: string, from: number, limit: number): number {
  const len = seg.text.length;
  const { words, wild, byChar } = bitTables(seg);
  const top = len - 1;
  if (words === 1) {
    const wild0 = wild[0];
    let d = 0;
    for (let i = from; i < limit; i++) {
      const row = byChar.get(input.charCodeAt(i));
      d = ((d << 1) | 1) & (row ? row[0] : wild0);
      if ((d >>> top) & 1) return i - top;
    }
    return -1;
  }
  const d = new Uint32Array(words);
  const last = top >>> 5;
  const bit = 1 << (top & 31);
  for (let i = from; i < limit; i++) {
    const row = byChar.get(input.charCodeAt(i)) ?? wild;
    for (let w = words - 1; w > 0; w--) d[w] = ((d[w] << 1) | (d[w - 1] >>> 31)) & row[w];
    d[0] = ((d[0] << 1) | 1) & row[0];
    if (d[last] & bit) return i - top;
  }
  return -1;
}

/**
 * Greedy leftmost matching of star-separated segments. Correct for star-only globs (a leftmost
 * placement of each middle segment never loses a match) and linear: every segment is searched
 * once, left to right, each search starting where the previous one ended — no backtracking,
 * whatever the number of stars (test/unit/patterns holds the adversarial cases).
 */
function matchAlt(alt: CompiledAlt, input: string): boolean {
  const n = input.length;
  if (n < alt.minLength) return false;
  const { segs } = alt;
  if (segs.length === 1) return n === segs[0].text.length && segAt(segs[0], input, 0);
  const first = segs[0];
  const last = segs[segs.length - 1];
  if (!segAt(first, input, 0)) return false;
  const end = n - last.text.length;
  if (end < first.text.length || !segAt(last, input, end)) return false;
  let pos = first.text.length;
  for (let i = 1; i < segs.length - 1; i++) {
    const at = findSeg(segs[i], input, pos, end);
    if (at < 0) return false;
    pos = at + segs[i].text.length;
  }
  return true;
}

/** @example matches(compile(opencodePattern('git *')), 'git') // true */
export function matches(cw: CompiledWildcard, input: string): boolean {
  for (const alt of cw.alts) if (matchAlt(alt, input)) return true;
  return false;
}

/**
 * Whether `w` matches `input`, as `matches(matcherOf(w), input)` says. Alternatives that are a
 * literal, a star, or a literal and a star at one end are tested in place: a pattern matched only
 * once or twice (a stand-in's check) is never compiled.
 * @example matchesPattern(opencodePattern('docs/*'), 'docs/a') // true
 */
export function matchesPattern(w: Wildcard, input: string): boolean {
  const alts = w.alts;
  for (let k = 0; k < alts.length; k++) {
    const r = matchesInPlace(alts[k], input);
    if (r === 1) return true;
    if (r < 0) return matches(matcherOf(w), input);
  }
  return false;
}

/** 1 or 0 when `alt` is simple enough to settle without compiling (it matches, or not); -1 otherwise. */
function matchesInPlace(alt: readonly Atom[], input: string): number {
  const n = alt.length;
  if (n === 0) return input.length === 0 ? 1 : 0;
  const a = alt[0];
  if (n === 1) {
    if (a.t === 'lit') return input === a.s ? 1 : 0;
    return a.t === 'star' || input.length === 1 ? 1 : 0;
  }
  if (n === 2) {
    const b = alt[1];
    if (a.t === 'lit' && b.t === 'star') return input.startsWith(a.s) ? 1 : 0;
    if (a.t === 'star' && b.t === 'lit') return input.endsWith(b.s) ? 1 : 0;
  }
  return -1;
}

/**
 * The literal text every word of an alternative starts with (its leading literal atoms).
 * @example literalHead(opencodePattern('src/*.ts').alts[0]) // 'src/'
 */
export function literalHead(alt: readonly Atom[]): string {
  let head = '';
  for (const a of alt) {
    if (a.t !== 'lit') break;
    head += a.s;
  }
  return head;
}

/**
 * The literal text every word of an alternative ends with (its trailing literal atoms).
 * @example literalTail(opencodePattern('src/*.ts').alts[0]) // '.ts'
 */
export function literalTail(alt: readonly Atom[]): string {
  let tail = '';
  for (let j = alt.length - 1; j >= 0; j--) {
    const a = alt[j];
    if (a.t !== 'lit') break;
    tail = a.s + tail;
  }
  return tail;
}

/** True when the pattern matches every string (`*`). */
export function isUniversal(w: Wildcard): boolean {
  return w.alts.some((a) => a.length === 1 && a[0].t === 'star');
}

/** True when the pattern has no wildcard at all (matches exactly one string per alternative). */
export function isExact(w: Wildcard): boolean {
  return w.alts.every(isExactAlt);
}

/** True when an alternative has no wildcard (it matches its text alone). @example isExactAlt(opencodePattern('a').alts[0]) // true */
export function isExactAlt(alt: readonly Atom[]): boolean {
  for (const a of alt) if (a.t !== 'lit') return false;
  return true;
}

/**
 * The words a pattern without wildcards matches (one per alternative), or undefined when it has one.
 * @example literalWordsOf(bashPattern('git status')) // ['git status']
 */
export function literalWordsOf(w: Wildcard): string[] | undefined {
  if (!isExact(w)) return undefined;
  return w.alts.map((alt) => alt.map((a) => (a.t === 'lit' ? a.s : '')).join(''));
}

const REGEX_SPECIAL = /[\\^$.*+?()[\]{}|/]/g;

/**
 * A JavaScript regular expression source (flags `s`) with exactly the pattern's language, for the
 * analyser's automata (refa) and for the agent-style baseline in benchmarks.
 * @example toRegExpSource(opencodePattern('a?')) // '^(?:a[^])$'
 */
export function toRegExpSource(w: Wildcard): string {
  const alts = w.alts.map((atoms) =>
    atoms.map((a) => (a.t === 'lit' ? a.s.replace(REGEX_SPECIAL, '\\$&') : a.t === 'one' ? '[^]' : '[^]*')).join(''),
  );
  return `^(?:${alts.join('|')})$`;
}
