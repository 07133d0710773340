import type { Wildcard } from '../patterns/wildcard';
import { PatternIndex } from './pattern-index';
import { patternId } from './pattern-ids';

/** Pattern indexes kept at once, across every rule set and file. */
export const MAX_SHARED_INDEXES = 64;
/**
 * Patterns all kept indexes may hold together: an index costs about 400 bytes per pattern (its trie
 * nodes), so this caps the cache near 40 MB; a few huge rule sets evict the rest.
 */
export const MAX_SHARED_INDEXED_PATTERNS = 100_000;

interface Entry {
  /** The content numbers of the indexed patterns, in index order: what the index was built from. */
  ids: Int32Array;
  index: PatternIndex;
}

function hashIds(ids: Int32Array): number {
  let h = 0x811c9dc5 ^ ids.length;
  for (let i = 0; i < ids.length; i++) h = Math.imul(h ^ ids[i], 0x01000193);
  return h >>> 0;
}

function sameIds(a: Int32Array, b: Int32Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * Pattern indexes keyed by the contents of the patterns they index, least recently used evicted
 * first, bounded in count and in patterns held.
 * @example new IndexCache(8, 10_000).get([opencodePattern('docs/*')]).last('docs/a', accept)
 */
export class IndexCache {
  /** Buckets by hash, least recently used first (a Map keeps insertion order; a hit re-inserts). */
  private readonly buckets = new Map<number, Entry[]>();
  private held = 0;
  private entries = 0;

  constructor(readonly maxIndexes: number, readonly maxPatterns: number) {}

  /** The index over `patterns` (position p answers for `patterns[p]`), found or built. */
  get(patterns: readonly Wildcard[]): PatternIndex {
    const ids = new Int32Array(patterns.length);
    for (let i = 0; i < patterns.length; i++) ids[i] = patternId(patterns[i]);
    const hash = hashIds(ids);
    const list = this.buckets.get(hash);
    const hit = list?.find((e) => sameIds(e.ids, ids));
    if (list && hit) {
      this.buckets.delete(hash);
      this.buckets.set(hash, list);
      return hit.index;
    }
    const index = new PatternIndex(patterns);
    // An index larger than the whole budget is built for this caller and not kept.
    if (ids.length > this.maxPatterns) return index;
    while (this.entries > 0 && (this.entries >= this.maxIndexes || this.held + ids.length > this.maxPatterns)) this.evictOldest();
    const bucket = this.buckets.get(hash) ?? [];
    bucket.push({ ids, index });
    this.buckets.delete(hash);
    this.buckets.set(hash, bucket);
    this.held += ids.length;
    this.entries++;
    return index;
  }

  /** How many indexes and indexed patterns the cache holds. */
  stats(): { indexes: number; patterns: number } {
    return { indexes: this.entries, patterns: this.held };
  }

  /** Forgets every kept index. */
  clear(): void {
    this.buckets.clear();
    this.held = 0;
    this.entries = 0;
  }

  private evictOldest(): void {
    const first = this.buckets.entries().next();
    if (first.done) return;
    const [hash, list] = first.value;
    const gone = list.shift()!;
    this.held -= gone.ids.length;
    this.entries--;
    if (list.length === 0) this.buckets.delete(hash);
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
