/**
 * Items by literal keys, answering which items' keys start a text or are started by it: the test
 * two fixed starts (or overlap keys) must pass for their languages to meet. Distinct keys are
 * sorted once, in code-unit order, so the keys a key starts are the run right after it, and the
 * keys that start it are a chain of nearest such keys: a query reads only the items it returns.
 * Items sit in one flat array, key after key: an index of thousands of keys keeps no list per key.
 * @example
 * const ix = new PrefixIndex(); ix.add('src/', 0); ix.add('src/a', 1); ix.add('docs/', 2); ix.seal();
 * ix.related('src/', Infinity, out) // out: [0, 1]
 */
export class PrefixIndex {
  /** Each key's number in order of first appearance. */
  private readonly ids = new Map<string, number>();
  /** While adding, per key number: its first and last item, and the rest for the few keys with more. */
  private firstItem: number[] = [];
  private lastItem: number[] = [];
  private more = new Map<number, number[]>();
  private keys: string[] = [];
  /** The items of sorted key k are `items[starts[k] .. starts[k + 1])`, ascending. */
  private starts = new Int32Array(1);
  private items = new Int32Array(0);
  /** Per first-appearance number, the key's number in sorted order. */
  private rank = new Int32Array(0);
  /** Per sorted key: the nearest shorter key that starts it (-1: none), and the end of the run of keys it starts. */
  private parent = new Int32Array(0);
  private runEnd = new Int32Array(0);

  /** Files `item` under `key`; a key's items are added in ascending order, and an item once per key. */
  add(key: string, item: number): void {
    const id = this.ids.get(key);
    if (id === undefined) {
      this.ids.set(key, this.firstItem.length);
      this.firstItem.push(item);
      this.lastItem.push(item);
    } else if (this.lastItem[id] !== item) {
      this.lastItem[id] = item;
      const list = this.more.get(id);
      if (list) list.push(item);
      else this.more.set(id, [item]);
    }
  }

  /** Sorts the keys added: no more may be added, queries may start. */
  seal(): this {
    this.keys = [...this.ids.keys()].sort();
    const n = this.keys.length;
    this.rank = new Int32Array(n);
    this.parent = new Int32Array(n);
    // A key still open at the end starts every key after it.
    this.runEnd = new Int32Array(n).fill(n);
    this.starts = new Int32Array(n + 1);
    let total = this.firstItem.length;
    for (const more of this.more.values()) total += more.length;
    this.items = new Int32Array(total);
    const open: number[] = [];
    let at = 0;
    for (let i = 0; i < n; i++) {
      const k = this.keys[i];
      const id = this.ids.get(k)!;
      this.rank[id] = i;
      this.starts[i] = at;
      this.items[at++] = this.firstItem[id];
      const more = this.more.get(id);
      if (more) for (const x of more) this.items[at++] = x;
      while (open.length > 0 && !k.startsWith(this.keys[open[open.length - 1]])) this.runEnd[open.pop()!] = i;
      this.parent[i] = open.length > 0 ? open[open.length - 1] : -1;
      open.push(i);
    }
    this.starts[n] = at;
    this.firstItem = [];
    this.lastItem = [];
    this.more = new Map();
    return this;
  }

  /**
   * Appends to `out` the items below `below` of every key that starts `text` (itself included)
   * and of every key `text` starts, each key's items once, keys in no particular order.
   */
  related(text: string, below: number, out: number[]): void {
    const id = this.ids.get(text);
    if (id !== undefined) {
      const i = this.rank[id];
      for (let a = this.parent[i]; a >= 0; a = this.parent[a]) this.take(a, below, out);
      for (let d = i; d < this.runEnd[i]; d++) this.take(d, below, out);
      return;
    }
    // Not a key: its extensions start where it would sort; every key that starts it sorts before
    // it, so it is the key just before that place or one of the keys starting that one.
    let lo = 0;
    let hi = this.keys.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.keys[mid] < text) lo = mid + 1;
      else hi = mid;
    }
    for (let a = lo - 1; a >= 0; a = this.parent[a]) if (text.startsWith(this.keys[a])) this.take(a, below, out);
    for (let d = lo; d < this.keys.length && this.keys[d].startsWith(text); d++) this.take(d, below, out);
  }

  private take(k: number, below: number, out: number[]): void {
    for (let j = this.starts[k]; j < this.starts[k + 1]; j++) {
      const x = this.items[j];
      if (x >= below) return;
      out.push(x);
    }
  }
}
