/**
 * Items by literal keys, answering which items' keys start a text or are started by it: the test
 * two fixed starts (or overlap keys) must pass for their languages to meet. Distinct keys are
 * sorted once, in code-unit order, so the keys a key starts are the run right after it, and the
 * keys that start it are a chain of nearest such keys: a query reads only the lists it returns.
 * @example
 * const ix = new PrefixIndex(); ix.add('src/', 0); ix.add('src/a', 1); ix.add('docs/', 2); ix.seal();
 * ix.related('src/', (items) => console.log(items)) // [0], then [1]
 */
export class PrefixIndex {
  /** Each key's items while adding, by the key's number in order of first appearance. */
  private readonly ids = new Map<string, number>();
  private readonly byId: number[][] = [];
  private keys: string[] = [];
  private lists: number[][] = [];
  /** Per first-appearance number, the key's number in sorted order. */
  private rank = new Int32Array(0);
  /** Per sorted key: the nearest shorter key that starts it (-1: none), and the end of the run of keys it starts. */
  private parent = new Int32Array(0);
  private runEnd = new Int32Array(0);

  /** Files `item` under `key`; a key's items are added in ascending order, and an item once per key. */
  add(key: string, item: number): void {
    const id = this.ids.get(key);
    if (id === undefined) {
      this.ids.set(key, this.byId.length);
      this.byId.push([item]);
    } else {
      const list = this.byId[id];
      if (list[list.length - 1] !== item) list.push(item);
    }
  }

  /** Sorts the keys added: no more may be added, queries may start. */
  seal(): this {
    this.keys = [...this.ids.keys()].sort();
    const n = this.keys.length;
    this.lists = new Array<number[]>(n);
    this.rank = new Int32Array(n);
    this.parent = new Int32Array(n);
    // A key still open at the end starts every key after it.
    this.runEnd = new Int32Array(n).fill(n);
    const open: number[] = [];
    for (let i = 0; i < n; i++) {
      const k = this.keys[i];
      const id = this.ids.get(k)!;
      this.rank[id] = i;
      this.lists[i] = this.byId[id];
      while (open.length > 0 && !k.startsWith(this.keys[open[open.length - 1]])) this.runEnd[open.pop()!] = i;
      this.parent[i] = open.length > 0 ? open[open.length - 1] : -1;
      open.push(i);
    }
    return this;
  }

  /**
   * Calls `visit` with the items of every key that starts `text` (itself included) and of every
   * key `text` starts, each key's list once, in no particular order.
   */
  related(text: string, visit: (items: readonly number[]) => void): void {
    const id = this.ids.get(text);
    if (id !== undefined) {
      const i = this.rank[id];
      for (let a = this.parent[i]; a >= 0; a = this.parent[a]) visit(this.lists[a]);
      for (let d = i; d < this.runEnd[i]; d++) visit(this.lists[d]);
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
    for (let a = lo - 1; a >= 0; a = this.parent[a]) if (text.startsWith(this.keys[a])) visit(this.lists[a]);
    for (let d = lo; d < this.keys.length && this.keys[d].startsWith(text); d++) visit(this.lists[d]);
  }
}
