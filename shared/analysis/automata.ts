import { CharSet, NFA, TooManyNodesError, isDisjointWith, type Char, type TransitionIterable, type NoParent, type Concatenation, type Element } from 'refa';
import type { Atom, Wildcard } from '../patterns/wildcard';
import { BudgetExceeded, MAX_ANALYSED_PATTERN_CHARS, MAX_DFA_STATES } from './budget';
import { NodeFacts } from './lazy-dfa';
import { MAX_CHAR } from './chars';

export { MAX_CHAR } from './chars';

/**
 * Automata for the canonical pattern form (`Wildcard`), built straight from its atoms so the
 * analyser and the matcher read one definition of what a pattern means.
 *
 * Characters are UTF-16 code units 0..0xFFFF. One more symbol, `SEP` = 0x10000, joins the two
 * halves of a rule whose language is a product (OpenCode: action × resource) into one word
 * `action SEP resource`. Because SEP lies outside the code-unit range, no action or resource can
 * contain it: the encoding is injective for every input, with nothing to reject or reserve — which
 * a separator taken from the code units (U+0000, U+FFFF) could not promise.
 */
export const SEP = 0x10000;
const UNIT_MAX = 0xffff;

/** The code units a dialect's inputs can hold, after its own normalization. */
export interface InputAlphabet {
  /** Stable name, part of cache keys. */
  key: string;
  units: CharSet;
}

/**
 * Every code unit is a possible input.
 * @example ANY_UNIT.units.has(0x2f) // true
 */
export const ANY_UNIT: InputAlphabet = lazyAlphabet('any', () => CharSet.fromRange(MAX_CHAR, { min: 0, max: UNIT_MAX }));

/**
 * An alphabet whose character set is built on first use: modules define their alphabets at load,
 * and the automata library behind them is loaded only when an analysis first needs it.
 */
function lazyAlphabet(key: string, build: () => CharSet): InputAlphabet {
  let units: CharSet | undefined;
  return {
    key,
    get units() {
      return (units ??= build());
    },
  };
}

/**
 * An alphabet without the given code units (a dialect that rewrites them away before matching).
 * @example alphabetWithout('\\').units.has(0x5c) // false
 */
export function alphabetWithout(chars: string): InputAlphabet {
  return lazyAlphabet(`not:${chars}`, () => {
    let units = ANY_UNIT.units;
    for (const c of chars) units = units.without({ min: c.charCodeAt(0), max: c.charCodeAt(0) });
    return units;
  });
}

/**
 * An alphabet of just the given code units (a dialect input that holds nothing else: a host name).
 * @example alphabetOf('abc').units.has(0x64) // false
 */
export function alphabetOf(chars: string): InputAlphabet {
  return lazyAlphabet(`only:${chars}`, () => CharSet.empty(MAX_CHAR).union([...chars].map((c) => ({ min: c.charCodeAt(0), max: c.charCodeAt(0) }))));
}

function litChars(s: string): Element[] {
  const out: NoParent<Element>[] = [];
  for (let i = 0; i < s.length; i++) out.push({ type: 'CharacterClass', characters: CharSet.fromCharacter(MAX_CHAR, s.charCodeAt(i)) });
  return out as Element[];
}

function altConcat(atoms: Atom[], alphabet: InputAlphabet): NoParent<Concatenation> {
  const elements: NoParent<Element>[] = [];
  for (const a of atoms) {
    if (a.t === 'lit') elements.push(...(litChars(a.s) as NoParent<Element>[]));
    else if (a.t === 'one') elements.push({ type: 'CharacterClass', characters: alphabet.units });
    else {
      elements.push({
        type: 'Quantifier',
        lazy: false,
        min: 0,
        max: Infinity,
        alternatives: [{ type: 'Concatenation', elements: [{ type: 'CharacterClass', characters: alphabet.units }] }],
      });
    }
  }
  return { type: 'Concatenation', elements };
}

function wildcardElement(w: Wildcard, alphabet: InputAlphabet): NoParent<Element> {
  return { type: 'Alternation', alternatives: w.alts.map((a) => altConcat(a, alphabet)) };
}

function patternSize(w: Wildcard): number {
  let n = 0;
  for (const alt of w.alts) for (const a of alt) n += a.t === 'lit' ? a.s.length : 1;
  return n;
}

function limited<T>(f: () => T): T {
  try {
    return f();
  } catch (e) {
    if (e instanceof TooManyNodesError) throw new BudgetExceeded('states');
    throw e;
  }
}

/** A rule's language: one pattern, or a pair joined by SEP. */
export type Language = { kind: 'one'; w: Wildcard } | { kind: 'pair'; a: Wildcard; b: Wildcard };

function keyOf(w: Wildcard): string {
  return JSON.stringify(w.alts);
}

/**
 * NFAs per pattern, built once per analysis run: a file repeats the same
 * patterns (`*`, `bash`) many times.
 * @example new AutomataCache(ANY_UNIT).nfa({ kind: 'one', w: opencodePattern('a*') }).test([0x61])
 */
export class AutomataCache {
  private readonly nfas = new Map<string, NFA>();

  private nodeFacts: NodeFacts | undefined;

  constructor(readonly alphabet: InputAlphabet) {}

  /** Node ownership and sinks for the subset walks (see lazy-dfa.ts); built on first walk. */
  get facts(): NodeFacts {
    return (this.nodeFacts ??= new NodeFacts(this.alphabet.units));
  }

  key(l: Language): string {
    return l.kind === 'one' ? keyOf(l.w) : `${keyOf(l.a)}\u0001${keyOf(l.b)}`;
  }

  /** Forgets every automaton once more than `max` are held (a long-lived cache stays bounded). */
  trim(max: number): void {
    if (this.nfas.size <= max) return;
    this.nfas.clear();
    this.nodeFacts = undefined;
  }

  /** The (shared, read-only) NFA of a language. */
  nfa(l: Language): NFA {
    const key = this.key(l);
    let n = this.nfas.get(key);
    if (!n) {
      n = languageNFA(l, this.alphabet);
      this.nfas.set(key, n);
    }
    return n;
  }
}

/** Automata kept between analyses of one file (an editor re-analyses a file per keystroke). */
export const MAX_SHARED_NFAS = 20_000;
/** Files whose automata are kept at once: a check of a thousand files keeps no more than these. */
const SHARED_CACHE_FILES = 4;
const shared = new Map<string, AutomataCache>();

/**
 * The cache of one file's analyses: each analysis and witness search of the file re-uses the
 * automata of the patterns an edit left unchanged. NFAs are read-only, so sharing is safe.
 * @example sharedAutomataCache(ANY_UNIT, '/p/opencode.json') === sharedAutomataCache(ANY_UNIT, '/p/opencode.json') // true
 */
export function sharedAutomataCache(alphabet: InputAlphabet, file: string): AutomataCache {
  const key = `${alphabet.key}\u0000${file}`;
  let c = shared.get(key);
  if (c) shared.delete(key);
  else c = new AutomataCache(alphabet);
  shared.set(key, c);
  if (shared.size > SHARED_CACHE_FILES) shared.delete(shared.keys().next().value!);
  c.trim(MAX_SHARED_NFAS);
  return c;
}

/**
 * Builds the NFA of a pattern or a pattern pair, within the state budget.
 * @example languageNFA({ kind: 'one', w: opencodePattern('git *') }, ANY_UNIT).test(unitsOf('git'))
 */
export function languageNFA(l: Language, alphabet: InputAlphabet): NFA {
  const size = l.kind === 'one' ? patternSize(l.w) : patternSize(l.a) + patternSize(l.b) + 1;
  if (size > MAX_ANALYSED_PATTERN_CHARS) throw new BudgetExceeded('pattern');
  const elements: NoParent<Element>[] =
    l.kind === 'one'
      ? [wildcardElement(l.w, alphabet)]
      : [wildcardElement(l.a, alphabet), { type: 'CharacterClass', characters: CharSet.fromCharacter(MAX_CHAR, SEP) }, wildcardElement(l.b, alphabet)];
  return limited(() =>
    NFA.fromRegex({ type: 'Concatenation', elements }, { maxCharacter: MAX_CHAR }, {}, new NFA.LimitedNodeFactory(MAX_DFA_STATES)),
  );
}

/**
 * True when the two automata accept no common word.
 * @example disjoint(nfa('a*'), nfa('b*')) // true
 */
export function disjoint<A, B>(a: TransitionIterable<A>, b: TransitionIterable<B>): boolean {
  return limited(() => isDisjointWith(a, b, MAX_DFA_STATES));
}

/** @example unitsOf('ab') // [0x61, 0x62] */
export function unitsOf(s: string): Char[] {
  const out: Char[] = [];
  for (let i = 0; i < s.length; i++) out.push(s.charCodeAt(i));
  return out;
}

/**
 * Encodes a request as a word of the language kind.
 * @example wordOf({ kind: 'pair', a, b }, ['edit', 'x']) // [e,d,i,t,SEP,x]
 */
export function wordOf(l: Language, parts: readonly string[]): Char[] {
  return l.kind === 'one' ? unitsOf(parts[0]) : [...unitsOf(parts[0]), SEP, ...unitsOf(parts[1])];
}
