import { isExactAlt, literalHead, type Atom, type Wildcard } from '../patterns/wildcard';
import { AhoCorasick } from './aho-corasick';

/**
 * Where one alternative of a pattern is filed: a literal that every string it matches must have in
 * a known place. `always` alternatives have no literal at all (`*`, `?*`) and are always candidates.
 */
export type IndexKey =
  | { kind: 'exact' | 'prefix' | 'suffix' | 'infix'; text: string }
  | { kind: 'always' };

/**
 * The most selective literal of an alternative. Exact alternatives are looked up by the whole
 * input; otherwise the longest of the literal prefix, the literal suffix and the longest literal
 * run wins, anchored ones on ties (a trie walk is cheaper than a scan of the whole input).
 * @example keyOf([{ t: 'lit', s: 'docs/' }, { t: 'star' }]) // { kind: 'prefix', text: 'docs/' }
 */
export function keyOf(atoms: readonly Atom[]): IndexKey {
  if (isExactAlt(atoms)) return { kind: 'exact', text: literalHead(atoms) };
  const first = atoms[0];
  const last = atoms[atoms.length - 1];
  const prefix = first.t === 'lit' ? first.s : '';
  const suffix = last.t === 'lit' ? last.s : '';
  let infix = '';
  for (const a of atoms) if (a.t === 'lit' && a.s.length > infix.length) infix = a.s;
  if (infix.length === 0) return { kind: 'always' };
  if (prefix.length >= suffix.length && prefix.length >= infix.length) return { kind: 'prefix', text: prefix };
  if (suffix.length >= infix.length) return { kind: 'suffix', text: suffix };
  return { kind: 'infix', text: infix };
}

/**
 * A node of a radix trie: the edge into it carries `label` (a run of code units), so a walk costs
 * one map lookup per branching point instead of one per character of the input.
 */
interface RadixNode {
  /** The edge's code units, in input order (for the suffix trie too, so `endsWith` can check it). */
  label: string;
  /**
   * The first id of a pattern whose key ends at this node (-1: none), and any further ones: most
   * keys file one pattern, and an index of thousands keeps no list for each.
   */
  id: number;
  more: number[] | null;
  /** Children by the code unit next to this node: after it (prefixes) or before it (suffixes). */
  next: Map<number, RadixNode> | null;
}

const radixNode = (label: string, id = -1): RadixNode => ({ label, id, more: null, next: null });

/** Code unit `i` of `s`, counted from its end when `fromEnd`. */
function unitAt(s: string, i: number, fromEnd: boolean): number {
  return s.charCodeAt(fromEnd ? s.length - 1 - i : i);
}

/**
 * Files `id` under `key` (a prefix key, or a suffix key when `fromEnd`). No closure per call: an
 * index is built once per rule list, before V8 optimizes this, and a closure there is made and
 * called through for every key.
 */
function radixAdd(root: RadixNode, key: string, id: number, fromEnd: boolean): void {
  let n = root;
  let i = 0;
  for (;;) {
    if (i === key.length) {
      if (n.id < 0) n.id = id;
      else (n.more ??= []).push(id);
      return;
    }
    const c = unitAt(key, i, fromEnd);
    const child = n.next?.get(c);
    if (!child) {
      (n.next ??= new Map()).set(c, radixNode(fromEnd ? key.slice(0, key.length - i) : key.slice(i), id));
      return;
    }
    const l = child.label;
    let j = 1;
    while (j < l.length && i + j < key.length && unitAt(l, j, fromEnd) === unitAt(key, i + j, fromEnd)) j++;
    if (j < l.length) {
      // The key leaves the edge part way along: split it there.
      const mid = radixNode(fromEnd ? l.slice(l.length - j) : l.slice(0, j));
      child.label = fromEnd ? l.slice(0, l.length - j) : l.slice(j);
      mid.next = new Map();
      mid.next.set(unitAt(l, j, fromEnd), child);
      n.next!.set(c, mid);
      n = mid;
    } else n = child;
    i += j;
  }
}

/**
 * An index over an ordered list of patterns that answers "which is the highest-numbered pattern
 * matching this input" by testing only the patterns whose key literal is present where the key
 * says: a candidate filter, never a judge. The caller's `accept` (the reference matcher) decides,
 * so the answer is exactly the linear scan's answer, in time that depends on the input and the few
 * candidates rather than on the number of patterns.
 */
export class PatternIndex {
  private readonly exact = new Map<string, number[]>();
  private readonly prefixes = radixNode('');
  private readonly suffixes = radixNode('');
  private readonly infixes: AhoCorasick | null;
  /** Ids with a literal-free alternative, highest first. */
  private readonly always: number[];
  /** Per-query marks for de-duplicating candidates without allocating a set. */
  private readonly seen: Uint32Array;
  private stamp = 0;
  private readonly found: number[] = [];

  /**
   * @example new PatternIndex([opencodePattern('docs/*'), opencodePattern('*.env')])
   */
  constructor(patterns: readonly Wildcard[]) {
    const always: number[] = [];
    const infix: Array<[string, number]> = [];
    // Indexed loops: an index is built once, before V8 optimizes this, and an iterator there makes
    // objects per pattern.
    for (let id = 0; id < patterns.length; id++) {
      const alts = patterns[id].alts;
      for (let k = 0; k < alts.length; k++) {
        const key = keyOf(alts[k]);
        switch (key.kind) {
          case 'always':
            if (always[always.length - 1] !== id) always.push(id);
            break;
          case 'exact': {
            const list = this.exact.get(key.text);
            if (list) list.push(id);
            else this.exact.set(key.text, [id]);
            break;
          }
          case 'prefix':
            radixAdd(this.prefixes, key.text, id, false);
            break;
          case 'suffix':
            radixAdd(this.suffixes, key.text, id, true);
            break;
          case 'infix':
            infix.push([key.text, id]);
            break;
        }
      }
    }
    this.always = always.reverse();
    this.infixes = infix.length ? new AhoCorasick(infix) : null;
    this.seen = new Uint32Array(patterns.length);
  }

  /**
   * The highest id for which `accept` holds, among the ids whose key is present in `input`; -1 when
   * none. `accept` must imply the pattern matches (it is the full check); ids are tried highest first
   * and the search stops at the first accepted one.
   * @example index.last('docs/a.md', (id) => matches(compiled[id], 'docs/a.md'))
   */
  last(input: string, accept: (id: number) => boolean): number {
    let best = -1;
    for (const id of this.always) {
      if (accept(id)) {
        best = id;
        break;
      }
    }
    const found = this.collect(input, best);
    if (found.length > 1) found.sort((a, b) => b - a);
    for (const id of found) if (accept(id)) return id;
    return best;
  }

  /**
   * Every id that may match `input` (a superset of the matching ones), ascending.
   * @example index.candidates('edit') // [0, 3]
   */
  candidates(input: string): number[] {
    const out = [...this.always, ...this.collect(input, -1)];
    return [...new Set(out)].sort((a, b) => a - b);
  }

  /** Ids above `floor` whose key literal sits where its kind requires, each once. */
  private collect(input: string, floor: number): number[] {
    const found = this.found;
    found.length = 0;
    if (++this.stamp === 0xffffffff) {
      this.seen.fill(0);
      this.stamp = 1;
    }
    const exact = this.exact.get(input);
    if (exact) this.take(exact, floor);
    let n: RadixNode | undefined = this.prefixes;
    for (let i = 0; n.next !== null; ) {
      if (i >= input.length) break;
      const m = n.next.get(input.charCodeAt(i));
      if (m === undefined || !input.startsWith(m.label, i)) break;
      i += m.label.length;
      n = m;
      if (n.id >= 0) this.takeNode(n, floor);
    }
    n = this.suffixes;
    for (let end = input.length; n.next !== null; ) {
      if (end <= 0) break;
      const m = n.next.get(input.charCodeAt(end - 1));
      if (m === undefined || !input.endsWith(m.label, end)) break;
      end -= m.label.length;
      n = m;
      if (n.id >= 0) this.takeNode(n, floor);
    }
    if (this.infixes) this.infixes.scan(input, (id) => this.take1(id, floor));
    return found;
  }

  private takeNode(n: RadixNode, floor: number): void {
    this.take1(n.id, floor);
    if (n.more) this.take(n.more, floor);
  }

  private take(ids: readonly number[], floor: number): void {
    for (let k = 0; k < ids.length; k++) this.take1(ids[k], floor);
  }

  private take1(id: number, floor: number): void {
    if (id > floor && this.seen[id] !== this.stamp) {
      this.seen[id] = this.stamp;
      this.found.push(id);
    }
  }
}
