import type { Atom, Wildcard } from '../patterns/wildcard';
import { PatternIndex } from './pattern-index';

/** Pattern indexes kept at once, across every rule set and file. */
export const MAX_SHARED_INDEXES = 64;
/**
 * Patterns all kept indexes may hold together: an index costs about 400 bytes per pattern (its trie
 * nodes), so this caps the cache near 16 MB, a few large rule files (an edit needs only its own
 * file's, the current and the git base version sharing most).
 */
export const MAX_SHARED_INDEXED_PATTERNS = 40_000;

interface Entry {
  /**
   * The indexed patterns' alternatives, in index order: what the index was built from. Not the
   * pattern objects: analyses keep their own data per pattern object (weakly), and a cache holding
   * the objects would keep all of it alive for files long closed.
   */
  alts: ReadonlyArray<Wildcard['alts']>;
  index: PatternIndex;
}

/**
 * A cheap fingerprint of a pattern list (its length; each pattern's length, middle and last code
 * unit): it only picks the bucket, `samePatterns` decides. An edited file's unchanged lists get
 * the same fingerprint without their patterns being read whole.
 */
function hashPatterns(patterns: readonly Wildcard[]): number {
  let h = 0x811c9dc5 ^ patterns.length;
  for (let i = 0; i < patterns.length; i++) {
    const s = patterns[i].source;
    const n = s.length;
    h = Math.imul(h ^ n, 0x01000193);
    if (n > 0) h = Math.imul(h ^ (s.charCodeAt(n >> 1) << 16) ^ s.charCodeAt(n - 1), 0x01000193);
  }
  return h >>> 0;
}

function sameAtoms(a: readonly Atom[], b: readonly Atom[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i];
    const y = b[i];
    if (x.t !== y.t || (x.t === 'lit' && x.s !== (y as typeof x).s)) return false;
  }
  return true;
}

/** Whether two patterns have the same alternatives: all the index reads of a pattern. */
function sameContent(a: Wildcard['alts'], b: Wildcard['alts']): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (!sameAtoms(a[i], b[i])) return false;
  return true;
}

/**
 * Whether kept alternatives and a list of patterns hold the same contents in the same order.
 * Parses of an edited file share their unchanged pattern objects (and so their alternatives), so
 * most positions are settled by identity.
 */
function samePatterns(kept: ReadonlyArray<Wildcard['alts']>, b: readonly Wildcard[]): boolean {
  if (kept.length !== b.length) return false;
  for (let i = 0; i < kept.length; i++) if (kept[i] !== b[i].alts && !sameContent(kept[i], b[i].alts)) return false;
  return true;
}

/**
 * Pattern indexes keyed by the contents of the patterns they index, least recently used evicted
 * first, bounded in count and in patterns held.
 * @example new IndexCache(8, 10_000).get([opencodePattern('docs/*')]).last('docs/a', accept)
 */
export class IndexCache {
  /** Entries by fingerprint, for lookup. */
  private readonly buckets = new Map<number, Entry[]>();
  /** Every entry, least recently used first (a Map keeps insertion order; a hit re-inserts). */
  private readonly byUse = new Map<Entry, number>();
  private held = 0;

  constructor(readonly maxIndexes: number, readonly maxPatterns: number) {}

  /** The index over `patterns` (position p answers for `patterns[p]`), found or built. */
  get(patterns: readonly Wildcard[]): PatternIndex {
    const hash = hashPatterns(patterns);
    const hit = this.buckets.get(hash)?.find((e) => samePatterns(e.alts, patterns));
    if (hit) {
      this.byUse.delete(hit);
      this.byUse.set(hit, hash);
      return hit.index;
    }
    const index = new PatternIndex(patterns);
    // An index larger than the whole budget is built for this caller and not kept.
    if (patterns.length > this.maxPatterns) return index;
    while (this.byUse.size > 0 && (this.byUse.size >= this.maxIndexes || this.held + patterns.length > this.maxPatterns)) this.evictOldest();
    const entry = { alts: patterns.map((p) => p.alts), index };
    const bucket = this.buckets.get(hash);
    if (bucket) bucket.push(entry);
    else this.buckets.set(hash, [entry]);
    this.byUse.set(entry, hash);
    this.held += patterns.length;
    return index;
  }

  /** How many indexes and indexed patterns the cache holds. */
  stats(): { indexes: number; patterns: number } {
    return { indexes: this.byUse.size, patterns: this.held };
  }

  /** Forgets every kept index. */
  clear(): void {
    this.buckets.clear();
    this.byUse.clear();
    this.held = 0;
  }

  private evictOldest(): void {
    const first = this.byUse.entries().next();
    if (first.done) return;
    const [entry, hash] = first.value;
    this.byUse.delete(entry);
    this.held -= entry.alts.length;
    const bucket = this.buckets.get(hash)!;
    bucket.splice(bucket.indexOf(entry), 1);
    if (bucket.length === 0) this.buckets.delete(hash);
  }
}

const SHARED = new IndexCache(MAX_SHARED_INDEXES, MAX_SHARED_INDEXED_PATTERNS);

/**
 * The index over `patterns`, shared by every rule set whose list has the same pattern contents in
 * the same order. An edit re-parses the whole file but changes the rules of one action at most, so
 * the indexes of the other actions' rule lists are found here instead of being rebuilt. An index
 * depends on nothing but the patterns' contents (rule numbers, effects and labels are read from the
 * current parse by whoever asks), so sharing it between versions and files can never show an older
 * version's rules.
 * @example sharedIndex([opencodePattern('docs/*')]) === sharedIndex([opencodePattern('docs/*')]) // true
 */
export function sharedIndex(patterns: readonly Wildcard[]): PatternIndex {
  return SHARED.get(patterns);
}

/** Forgets every shared index: the next evaluation of any rule set builds its indexes afresh. */
export function clearSharedIndexes(): void {
  SHARED.clear();
}
