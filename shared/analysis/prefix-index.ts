/**
 * Items by literal keys, answering which items' keys start a text or are started by it: the test
 * two fixed starts (or overlap keys) must pass for their languages to meet. The additions are
 * sorted once by key, in code-unit order, so the keys a key starts are the run right after it, and
 * the keys that start it are a chain of nearest such keys: a query reads only the items it returns.
 * Items sit in one flat array, key after key: an index of thousands of keys keeps no list per key,
 * and no table of keys either (an addition's key is found again by its number, `relatedTo`).
 * @example
 * const ix = new PrefixIndex(); ix.add('src/', 0); ix.add('src/a', 1); ix.add('docs/', 2); ix.seal();
 * ix.related('src/', Infinity, out) // out: [0, 1]
 */
export class PrefixIndex {
  /** While adding: each addition's key and item, in order. */
  private addedKeys: string[] = [];
  private addedItems: number[] = [];
  /** Per addition, its key's number in sorted order. */
  private rankOf = new Int32Array(0);
  /** The distinct keys, sorted. */
  private keys: string[] = [];
  /** The items of sorted key k are `items[starts[k] .. starts[k + 1])`, ascending. */
  private starts = new Int32Array(1);
  private items = new Int32Array(0);
  /** Per sorted key: the nearest shorter key that starts it (-1: none), and the end of the run of keys it starts. */
  private parent = new Int32Array(0);
  private runEnd = new Int32Array(0);

  /**
   * Files `item` under `key`; a key's items are added in ascending order (an item added again
   * under the same key is filed once). Returns the addition's number, for `relatedTo`.
   */
  add(key: string, item: number): number {
    this.addedKeys.push(key);
    this.addedItems.push(item);
    return this.addedKeys.length - 1;
  }

  /** Sorts the keys added: no more may be added, queries may start. */
  seal(): this {
    const added = this.addedKeys;
    const addedItems = this.addedItems;
    const n = added.length;
    // Additions sorted by key, then by when they were added (so each key's items stay ascending).
    // A comparison of strings, not a table of distinct keys sorted apart: thousands of fresh keys
    // cost more to hash than to compare.
    const order = new Array<number>(n);
    for (let i = 0; i < n; i++) order[i] = i;
    order.sort((a, b) => {
      const x = added[a];
      const y = added[b];
      return x === y ? a - b : x < y ? -1 : 1;
    });
    const keys: string[] = [];
    const starts: number[] = [];
    const items = new Int32Array(n);
    this.rankOf = new Int32Array(n);
    let at = 0;
    for (let j = 0; j < n; j++) {
      const a = order[j];
      const key = added[a];
      if (keys.length === 0 || keys[keys.length - 1] !== key) {
        keys.push(key);
        starts.push(at);
      }
      const k = keys.length - 1;
      this.rankOf[a] = k;
      const item = addedItems[a];
      if (at > starts[k] && items[at - 1] === item) continue;
      items[at++] = item;
    }
    const m = keys.length;
    this.keys = keys;
    this.starts = new Int32Array(m + 1);
    for (let k = 0; k < m; k++) this.starts[k] = starts[k];
    this.starts[m] = at;
    this.items = items.subarray(0, at);
    this.parent = new Int32Array(m);
    // A key still open at the end starts every key after it.
    this.runEnd = new Int32Array(m).fill(m);
    const open: number[] = [];
    for (let k = 0; k < m; k++) {
      const key = keys[k];
      while (open.length > 0 && !key.startsWith(keys[open[open.length - 1]])) this.runEnd[open.pop()!] = k;
      this.parent[k] = open.length > 0 ? open[open.length - 1] : -1;
      open.push(k);
    }
    this.addedKeys = [];
    this.addedItems = [];
    return this;
  }

  /**
   * Appends to `out` the items below `below` of every key that starts `text` (itself included)
   * and of every key `text` starts, each key's items once, keys in no particular order.
   */
  related(text: string, below: number, out: number[]): void {
    // Its extensions start where it would sort; every key that starts it sorts before it (or is it).
    let lo = 0;
    let hi = this.keys.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.keys[mid] < text) lo = mid + 1;
      else hi = mid;
    }
    if (lo < this.keys.length && this.keys[lo] === text) {
      this.relatedAt(lo, below, out);
      return;
    }
    // Not a key: the key just before that place, or one of the keys starting that one.
    for (let a = lo - 1; a >= 0; a = this.parent[a]) if (text.startsWith(this.keys[a])) this.take(a, below, out);
    for (let d = lo; d < this.keys.length && this.keys[d].startsWith(text); d++) this.take(d, below, out);
  }

  /**
   * `related` for the key of addition `added` (as `add` numbered it), read by its number: no
   * search for the text.
   */
  relatedTo(added: number, below: number, out: number[]): void {
    this.relatedAt(this.rankOf[added], below, out);
  }

  private relatedAt(i: number, below: number, out: number[]): void {
    for (let a = this.parent[i]; a >= 0; a = this.parent[a]) this.take(a, below, out);
    for (let d = i; d < this.runEnd[i]; d++) this.take(d, below, out);
  }

  private take(k: number, below: number, out: number[]): void {
    for (let j = this.starts[k]; j < this.starts[k + 1]; j++) {
      const x = this.items[j];
      if (x >= below) return;
      out.push(x);
    }
  }
}
