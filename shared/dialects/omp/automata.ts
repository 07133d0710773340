import { DFA, JS, NFA, type CharSet } from 'refa';
import type { Wildcard } from '../../patterns/wildcard';

/**
 * Automaton states one file's analysis may build in total; past it the analyser stops and says
 * nothing more rather than guess.
 */
export const ANALYSIS_MAX_NODES = 200_000;

/** Node factories sharing one state budget across every construction of an analysis. */
export interface Budget {
  nfa: NFA.LimitedNodeFactory;
  dfa: DFA.LimitedNodeFactory;
}

/** @example const b = newBudget(); patternNfa(p, b) */
export function newBudget(limit = ANALYSIS_MAX_NODES): Budget {
  return { nfa: new NFA.LimitedNodeFactory(limit), dfa: new DFA.LimitedNodeFactory(limit) };
}
/** UTF-16 code units, matching how the agent's JavaScript compares strings. */
const MAX_CHAR = 0xffff;

/** Characters a plain command never holds: whitespace other than one space, quotes, escapes, control. */
const PLAIN_WORD = "[^\\s'\"\\\\;&|<>`$()]+";
/**
 * Plain commands: words separated by single spaces, no quotes, escapes or shell control. For these
 * the normalized command and its only segment are the same string, so pattern languages decide
 * selection exactly.
 */
const PLAIN_SOURCE = `${PLAIN_WORD}(?: ${PLAIN_WORD})*`;

/**
 * What a normalized command can be: empty, or non-blank words joined by single spaces. An allow is
 * only ever compared with such a string.
 */
const NORMALIZED_SOURCE = '(?:[^\\s]+(?: [^\\s]+)*)?';

const REGEX_SPECIAL = /[\\^$.*+?()[\]{}|/]/g;

function fromSource(source: string, b: Budget): NFA {
  const { expression } = JS.Parser.fromLiteral({ source, flags: '' }).parse();
  return NFA.fromRegex(expression, { maxCharacter: MAX_CHAR }, {}, b.nfa);
}

/**
 * The language of a canonical pattern as an automaton (the whole string must match).
 * @example patternNfa(ompPattern('git *'), newBudget()).isEmpty // false
 */
export function patternNfa(w: Wildcard, b: Budget): NFA {
  const alts = w.alts.map((atoms) => atoms.map((a) => (a.t === 'lit' ? a.s.replace(REGEX_SPECIAL, '\\$&') : a.t === 'one' ? '[^]' : '[^]*')).join(''));
  return fromSource(alts.length ? alts.map((a) => `(?:${a})`).join('|') : '[]', b);
}

/** @example plainNfa(newBudget()).isEmpty // false */
export function plainNfa(b: Budget): NFA {
  return fromSource(PLAIN_SOURCE, b);
}

/** @example normalizedNfa(newBudget()).isEmpty // false */
export function normalizedNfa(b: Budget): NFA {
  return fromSource(NORMALIZED_SOURCE, b);
}

/**
 * `a ∩ b` minus the union of `minus`: empty means `a ∩ b ⊆ ∪ minus`.
 * @example difference(deny, plain, [allow], budget).isEmpty
 */
export function difference(a: NFA, other: NFA | null, minus: readonly NFA[], b: Budget): NFA {
  let left = other ? NFA.fromIntersection(a, other, b.nfa) : a.copy(b.nfa);
  if (minus.length === 0 || left.isEmpty) return left;
  const union = minus[0].copy(b.nfa);
  for (const m of minus.slice(1)) union.union(m, b.nfa);
  const dfa = DFA.fromFA(union, b.dfa);
  dfa.complement();
  left = NFA.fromIntersection(left, dfa, b.nfa);
  return left;
}

/** Characters preferred in witnesses, so they read like commands. */
const READABLE = 'xa1-./e';

function pick(set: CharSet): string {
  for (const c of READABLE) if (set.has(c.charCodeAt(0))) return c;
  return String.fromCharCode(set.ranges[0].min);
}

/**
 * One concrete string of a non-empty language, preferring readable characters; undefined if empty.
 * @example witnessOf(patternNfa(ompPattern('git *'), newBudget())) // 'git '
 */
export function witnessOf(nfa: NFA): string | undefined {
  for (const ws of nfa.wordSets()) return ws.map(pick).join('');
  return undefined;
}
