import { isExactAlt, literalHead, type Atom, type Wildcard } from '../patterns/wildcard';
import { AhoCorasick } from './aho-corasick';
import { AnchoredKeys } from './anchored-keys';

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
 * run wins, anchored ones on ties (a lookup at one end is cheaper than a scan of the whole input).
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
 * An index over an ordered list of patterns that answers "which is the highest-numbered pattern
 * matching this input" by testing only the patterns whose key literal is present where the key
 * says: a candidate filter, never a judge. The caller's `accept` (the reference matcher) decides,
 * so the answer is exactly the linear scan's answer, in time that depends on the input and the few
 * candidates rather than on the number of patterns.
 */
export class PatternIndex {
  private readonly exact = new Map<string, number[]>();
  private readonly prefixes = new AnchoredKeys(false);
  private readonly suffixes = new AnchoredKeys(true);
  private readonly infixes: AhoCorasick | null;
  /** Ids with a literal-free alternative, highest first. */
  private readonly always: number[];
  /** Per-query marks for de-duplicating candidates without allocating a set. */
  private readonly seen: Uint32Array;
  private stamp = 0;
  private readonly found: number[] = [];
  /** Per-query scratch: the anchored keys' candidates, before de-duplication. */
  private readonly anchored: number[] = [];

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
            this.prefixes.add(key.text, id);
            break;
          case 'suffix':
            this.suffixes.add(key.text, id);
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
    const anchored = this.anchored;
    anchored.length = 0;
    this.prefixes.collect(input, anchored);
    this.suffixes.collect(input, anchored);
    this.take(anchored, floor);
    if (this.infixes) this.infixes.scan(input, (id) => this.take1(id, floor));
    return found;
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
