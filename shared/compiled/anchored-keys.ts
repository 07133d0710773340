/**
 * Keys anchored at one end of the input (literal prefixes, or literal suffixes when `fromEnd`),
 * filed by a hash of their code units. A lookup hashes the input's prefixes (suffixes) one code
 * unit at a time, up to the longest key, and looks up only at the lengths some key has: time
 * linear in that length, and no object per key or per branching point (a trie of thousands of
 * keys is thousands of nodes and maps, kept as long as the rule list is). A hash match is a
 * candidate only: the caller's full check decides, so a collision costs a test, never an answer.
 */

/** FNV-1a's offset basis and prime, on 32 bits: mixing a code unit is an xor and a multiply. */
const HASH_START = 0x811c9dc5 | 0;
const HASH_PRIME = 0x01000193;

/**
 * The hash of `key` as a lookup reaches it: from its start, or from its end when `fromEnd`.
 * @example keyHash('ab', false) === keyHash('ba', true) // true
 */
export function keyHash(key: string, fromEnd: boolean): number {
  let h = HASH_START;
  if (fromEnd) for (let i = key.length - 1; i >= 0; i--) h = Math.imul(h ^ key.charCodeAt(i), HASH_PRIME);
  else for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), HASH_PRIME);
  return h;
}

/**
 * @example const k = new AnchoredKeys(false); k.add('docs/', 0); const ids: number[] = []; k.collect('docs/a.md', ids) // ids: [0]
 */
export class AnchoredKeys {
  /** Per hash, the first id filed under it; `more` holds any others (most hashes file one). */
  private readonly first = new Map<number, number>();
  private readonly more = new Map<number, number[]>();
  /** `atLength[n] === 1` when some key is `n` code units long. */
  private atLength = new Uint8Array(0);

  constructor(private readonly fromEnd: boolean) {}

  /** Files `id` under `key` (a non-empty literal). */
  add(key: string, id: number): void {
    const h = keyHash(key, this.fromEnd);
    if (!this.first.has(h)) this.first.set(h, id);
    else {
      const list = this.more.get(h);
      if (list) list.push(id);
      else this.more.set(h, [id]);
    }
    if (key.length >= this.atLength.length) {
      const grown = new Uint8Array(Math.max(key.length + 1, this.atLength.length * 2));
      grown.set(this.atLength);
      this.atLength = grown;
    }
    this.atLength[key.length] = 1;
  }

  /** Appends to `out` every id whose key may sit at its end of `input` (a superset of those that do). */
  collect(input: string, out: number[]): void {
    if (this.first.size === 0) return;
    const atLength = this.atLength;
    const n = Math.min(input.length, atLength.length - 1);
    let h = HASH_START;
    for (let k = 1; k <= n; k++) {
      h = Math.imul(h ^ input.charCodeAt(this.fromEnd ? input.length - k : k - 1), HASH_PRIME);
      if (atLength[k] !== 1) continue;
      const id = this.first.get(h);
      if (id === undefined) continue;
      out.push(id);
      const list = this.more.get(h);
      if (list) for (let j = 0; j < list.length; j++) out.push(list[j]);
    }
  }
}
