import { JS, type CharSet, type Concatenation, type Element } from 'refa';
import { thousands } from '../../text/thousands';

/**
 * A JavaScript regular expression compiled to a Thompson automaton whose assertions (`^`, `$`,
 * `\b`, lookahead, lookbehind) are guards on epsilon moves: a guard reads a per-position table that
 * the runner fills in one pass over the input before the match. Nothing here backtracks, so a match
 * costs time linear in the input for a given expression.
 */

/** Automaton nodes one expression may compile to (a bounded repeat is copied out); past it, no program. */
export const MAX_PROGRAM_NODES = 200_000;
/** Nodes of refa's syntax tree one expression may have before it is refused. */
const MAX_AST_NODES = 100_000;

/** What a node does; `Program.op` holds one per node. */
export const Op = {
  /** Consumes one code unit in `sets[i]`, then goes to `next[i]`. */
  Char: 0,
  /** Goes on to every node of `outs[i]` without consuming input. */
  Split: 1,
  /** Goes on to `next[i]` when look `look[i]` holds (or fails, when `want[i]` is 0) here. */
  Guard: 2,
  /** The expression (or a look's body) has matched. */
  Match: 3,
} as const;

/** A lookahead or lookbehind: its body is a sub-automaton from `start` to `match`. */
export interface Look {
  ahead: boolean;
  start: number;
  match: number;
  /**
   * The most code units a check at one position can read to the right of it (its body's longest
   * word for a lookahead, plus what nested lookaheads read), Infinity when unbounded; -1 for a
   * lookbehind that reads nothing to the right.
   */
  reach: number;
  /** The longest word the body matches (Infinity when unbounded): how far a check at one position reads in its direction. */
  span: number;
  /** The body is one character class (`^`, `$`, `\b`, `(?=.)`): answered from one code unit. */
  single?: Int32Array;
  /** Looks the body's guards read: their tables are needed first. */
  uses: number[];
}

export interface Program {
  op: Uint8Array;
  /** Char: the node after; Guard: the node after. */
  next: Int32Array;
  /** Char: sorted inclusive ranges `[lo0, hi0, lo1, hi1, …]`. */
  sets: Array<Int32Array | undefined>;
  outs: Array<number[] | undefined>;
  look: Int32Array;
  want: Uint8Array;
  /** Nodes with a Char or Guard edge into them, for running a body backwards (lookaheads). */
  back: number[][];
  start: number;
  match: number;
  looks: Look[];
  /** Looks the top level's guards read. */
  uses: number[];
  /** Every top-level alternative starts with `^`: a match can only start at position 0. */
  anchoredStart: boolean;
}

/** Why an expression has no program: refa cannot read it (a backreference it cannot resolve) or it is too big. */
export class UnsupportedRegex extends Error {}

interface Builder {
  op: number[];
  next: number[];
  sets: Array<Int32Array | undefined>;
  outs: Array<number[] | undefined>;
  look: number[];
  want: number[];
  looks: Look[];
  lookIds: Map<string, number>;
  source: string;
}

function node(b: Builder, op: number): number {
  if (b.op.length >= MAX_PROGRAM_NODES) throw new UnsupportedRegex(`more than ${thousands(MAX_PROGRAM_NODES)} automaton nodes`);
  b.op.push(op);
  b.next.push(-1);
  b.sets.push(undefined);
  b.outs.push(undefined);
  b.look.push(-1);
  b.want.push(0);
  return b.op.length - 1;
}

function rangesOf(cs: CharSet): Int32Array {
  const r = new Int32Array(cs.ranges.length * 2);
  cs.ranges.forEach((x, i) => {
    r[2 * i] = x.min;
    r[2 * i + 1] = x.max;
  });
  return r;
}

/** The node that matches `alternatives` and then goes to `next`. */
function alternatives(b: Builder, alts: readonly Concatenation[], next: number): number {
  if (alts.length === 1) return sequence(b, alts[0].elements, next);
  const split = node(b, Op.Split);
  b.outs[split] = alts.map((a) => sequence(b, a.elements, next));
  return split;
}

/** The node that matches `elements` in order and then goes to `next`; built from the last one back. */
function sequence(b: Builder, elements: readonly Element[], next: number): number {
  let at = next;
  for (let i = elements.length - 1; i >= 0; i--) at = element(b, elements[i], at);
  return at;
}

function element(b: Builder, e: Element, next: number): number {
  switch (e.type) {
    case 'CharacterClass': {
      const n = node(b, Op.Char);
      b.sets[n] = rangesOf(e.characters);
      b.next[n] = next;
      return n;
    }
    case 'Alternation':
      return alternatives(b, e.alternatives, next);
    case 'Quantifier': {
      let at = next;
      if (e.max === Infinity) {
        const loop = node(b, Op.Split);
        b.outs[loop] = [alternatives(b, e.alternatives, loop), next];
        at = loop;
      } else {
        for (let k = e.min; k < e.max; k++) {
          const opt = node(b, Op.Split);
          b.outs[opt] = [alternatives(b, e.alternatives, at), at];
          at = opt;
        }
      }
      for (let k = 0; k < e.min; k++) at = alternatives(b, e.alternatives, at);
      return at;
    }
    case 'Assertion': {
      const g = node(b, Op.Guard);
      b.look[g] = lookOf(b, e);
      b.want[g] = e.negate ? 0 : 1;
      b.next[g] = next;
      return g;
    }
    case 'Unknown':
      throw new UnsupportedRegex(`cannot be matched without backtracking (${e.id})`);
  }
}

/** The look an assertion stands for; assertions written alike share one (and one table). */
function lookOf(b: Builder, e: Extract<Element, { type: 'Assertion' }>): number {
  const text = e.source ? b.source.slice(e.source.start, e.source.end) : undefined;
  const key = text !== undefined ? `${e.kind}:${text}` : undefined;
  const known = key !== undefined ? b.lookIds.get(key) : undefined;
  if (known !== undefined) return known;
  const match = node(b, Op.Match);
  const start = alternatives(b, e.alternatives, match);
  const only = e.alternatives.length === 1 && e.alternatives[0].elements.length === 1 ? e.alternatives[0].elements[0] : undefined;
  // The body's own length now; `finish` adds what nested looks read once all are known.
  const span = maxLength(e.alternatives);
  const look: Look = { ahead: e.kind === 'ahead', start, match, span, reach: e.kind === 'ahead' ? span : -1, uses: [] };
  if (only?.type === 'CharacterClass') look.single = rangesOf(only.characters);
  const id = b.looks.push(look) - 1;
  if (key !== undefined) b.lookIds.set(key, id);
  return id;
}

/** The longest word `alts` can match (Infinity when unbounded); assertions read nothing. */
function maxLength(alts: readonly Concatenation[]): number {
  let best = 0;
  for (const a of alts) {
    let sum = 0;
    for (const e of a.elements) {
      if (e.type === 'CharacterClass') sum += 1;
      else if (e.type === 'Alternation') sum += maxLength(e.alternatives);
      else if (e.type === 'Quantifier') {
        const inner = maxLength(e.alternatives);
        sum += inner === 0 ? 0 : e.max === Infinity ? Infinity : inner * e.max;
      }
    }
    best = Math.max(best, sum);
  }
  return best;
}

/**
 * Compiles a JavaScript regular expression source (as `new RegExp(source, flags)` reads it) into a
 * program; throws `SyntaxError` when the source is no valid expression and `UnsupportedRegex` when
 * it needs backtracking (a backreference refa cannot resolve) or exceeds the size budget.
 * @example compileProgram('^a+$').looks.length // 2
 */
export function compileProgram(source: string, flags = ''): Program {
  let parsed;
  try {
    parsed = JS.Parser.fromLiteral({ source, flags }).parse({ backreferences: 'throw', maxBackreferenceWords: 0, assertions: 'parse', simplify: false, maxNodes: MAX_AST_NODES });
  } catch (e) {
    if (e instanceof SyntaxError) throw e;
    throw new UnsupportedRegex(e instanceof Error ? e.message : String(e));
  }
  const b: Builder = { op: [], next: [], sets: [], outs: [], look: [], want: [], looks: [], lookIds: new Map(), source };
  const match = node(b, Op.Match);
  const start = alternatives(b, parsed.expression.alternatives, match);
  return finish(b, start, match, parsed.expression.alternatives.every(startsWithCaret));
}

/** `^` as refa reads it (without the `m` flag): a negative lookbehind of any one unit. */
function startsWithCaret(alt: Concatenation): boolean {
  const first = alt.elements[0];
  if (first?.type !== 'Assertion' || first.kind !== 'behind' || !first.negate || first.alternatives.length !== 1) return false;
  const body = first.alternatives[0].elements;
  return body.length === 1 && body[0].type === 'CharacterClass' && body[0].characters.isAll;
}

function finish(b: Builder, start: number, match: number, anchoredStart: boolean): Program {
  const n = b.op.length;
  const p: Program = {
    op: Uint8Array.from(b.op),
    next: Int32Array.from(b.next),
    sets: b.sets,
    outs: b.outs,
    look: Int32Array.from(b.look),
    want: Uint8Array.from(b.want),
    back: Array.from({ length: n }, () => []),
    start,
    match,
    looks: b.looks,
    uses: [],
    anchoredStart,
  };
  for (let i = 0; i < n; i++) {
    if (p.op[i] === Op.Split) for (const o of p.outs[i]!) p.back[o].push(i);
    else if (p.op[i] === Op.Char || p.op[i] === Op.Guard) p.back[p.next[i]].push(i);
  }
  p.uses = guardsFrom(p, [start]);
  for (const look of p.looks) look.uses = guardsFrom(p, [look.start]);
  // Reach of each look from its nested looks (ids grow outward, so inner ones are final first).
  for (const look of p.looks) {
    const nested = Math.max(-1, ...look.uses.map((u) => p.looks[u].reach));
    look.reach = look.ahead ? look.reach + Math.max(0, nested) : nested;
  }
  return p;
}

/** The looks read by guards reachable from `from` without entering a look's body. */
function guardsFrom(p: Program, from: number[]): number[] {
  const seen = new Uint8Array(p.op.length);
  const out = new Set<number>();
  const stack = [...from];
  while (stack.length) {
    const i = stack.pop()!;
    if (seen[i]) continue;
    seen[i] = 1;
    const op = p.op[i];
    if (op === Op.Split) stack.push(...p.outs[i]!);
    else if (op === Op.Char) stack.push(p.next[i]);
    else if (op === Op.Guard) {
      out.add(p.look[i]);
      stack.push(p.next[i]);
    }
  }
  return [...out].sort((x, y) => x - y);
}
