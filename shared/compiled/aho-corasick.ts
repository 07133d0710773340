/**
 * A multi-string searcher: one left-to-right pass over the input reports every registered word
 * occurring in it, whatever the number of words. The pattern index files literal-infix patterns
 * (`*secret*`) here so they cost one scan per input instead of one scan per rule.
 */
export class AhoCorasick {
  private readonly next: Array<Map<number, number>> = [new Map()];
  private readonly words: number[][] = [[]];
  private fail = new Int32Array(1);
  /** Nearest state along the failure chain that ends a word (-1: none), so reporting skips silent states. */
  private dict = new Int32Array(1);

  /**
   * @example const ac = new AhoCorasick([['cret', 7]]); ac.scan('secrets', (id) => ids.push(id)) // ids = [7]
   */
  constructor(entries: ReadonlyArray<readonly [word: string, id: number]>) {
    for (const [word, id] of entries) this.add(word, id);
    this.link();
  }

  private add(word: string, id: number): void {
    let s = 0;
    for (let i = 0; i < word.length; i++) {
      const c = word.charCodeAt(i);
      let t = this.next[s].get(c);
      if (t === undefined) {
        t = this.next.length;
        this.next.push(new Map());
        this.words.push([]);
        this.next[s].set(c, t);
      }
      s = t;
    }
    this.words[s].push(id);
  }

  private link(): void {
    const n = this.next.length;
    this.fail = new Int32Array(n);
    this.dict = new Int32Array(n).fill(-1);
    const queue: number[] = [];
    for (const t of this.next[0].values()) queue.push(t);
    for (let q = 0; q < queue.length; q++) {
      const s = queue[q];
      for (const [c, t] of this.next[s]) {
        let f = this.fail[s];
        while (f > 0 && !this.next[f].has(c)) f = this.fail[f];
        const g = this.next[f].get(c);
        this.fail[t] = g !== undefined && g !== t ? g : 0;
        const ft = this.fail[t];
        this.dict[t] = this.words[ft].length > 0 ? ft : this.dict[ft];
        queue.push(t);
      }
    }
  }

  /** Calls `found` with the id of every word occurrence in `input` (an id may repeat). */
  scan(input: string, found: (id: number) => void): void {
    let s = 0;
    for (let i = 0; i < input.length; i++) {
      const c = input.charCodeAt(i);
      let t = this.next[s].get(c);
      while (t === undefined && s > 0) {
        s = this.fail[s];
        t = this.next[s].get(c);
      }
      s = t ?? 0;
      for (let o = this.words[s].length > 0 ? s : this.dict[s]; o >= 0; o = this.dict[o]) {
        for (const id of this.words[o]) found(id);
      }
    }
  }
}
