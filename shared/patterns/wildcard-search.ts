import type { Wildcard } from './wildcard';

/**
 * Language questions between wildcard patterns decided directly on the patterns: a breadth-first
 * search over (positions in `a`, positions in `b`) — the subset construction done lazily, only as
 * far as the answer needs. Characters that no literal of either side names all behave alike (only
 * `?` and `*` take them), so one stands for them all. Saved approvals with long literals and a few
 * stars make general automata libraries determinize and enumerate far more than this needs.
 */

/** Search states one question may visit before it gives up (no claim: undefined). */
export const MAX_SEARCH_STATES = 20_000;

const STAR = -2;
const ONE = -1;

/** Characters tried first for the stand-in of "any other character", so witnesses stay readable. */
const READABLE = 'abcdefghijklmnopqrstuvwxyz0123456789';

interface Side {
  /** All alternatives' tokens back to back; `ends[k]` is one past alternative k's last token. */
  tokens: number[];
  /** For each position: the end of its alternative (a word is accepted at that position). */
  endOf: number[];
  starts: number[];
  /** Positions from which every remaining token is `*`: every continuation is accepted. */
  open: boolean[];
}

function sideOf(ws: readonly Wildcard[]): Side {
  const tokens: number[] = [];
  const endOf: number[] = [];
  const starts: number[] = [];
  for (const w of ws) for (const alt of w.alts) {
    const from = tokens.length;
    starts.push(from);
    for (const a of alt) {
      if (a.t === 'lit') for (let i = 0; i < a.s.length; i++) tokens.push(a.s.charCodeAt(i));
      else tokens.push(a.t === 'one' ? ONE : STAR);
    }
    // The end position itself is a state: one past the last token.
    tokens.push(Number.NaN);
    for (let i = from; i < tokens.length; i++) endOf[i] = tokens.length - 1;
  }
  const open: boolean[] = new Array(tokens.length).fill(false);
  for (let i = tokens.length - 1; i >= 0; i--) {
    if (Number.isNaN(tokens[i])) open[i] = false;
    else if (tokens[i] === STAR) open[i] = i + 1 === endOf[i] || open[i + 1];
  }
  return { tokens, endOf, starts, open };
}

/** Adds `i` and every position reached from it through stars matching nothing. */
function close(side: Side, i: number, into: Set<number>): void {
  while (!into.has(i)) {
    into.add(i);
    if (side.tokens[i] !== STAR) return;
    i++;
  }
}

function step(side: Side, from: readonly number[], c: number): number[] {
  const out = new Set<number>();
  for (const i of from) {
    const t = side.tokens[i];
    if (t === STAR) close(side, i, out);
    else if (t === ONE || t === c) close(side, i + 1, out);
  }
  return [...out].sort((x, y) => x - y);
}

const accepts = (side: Side, set: readonly number[]) => set.some((i) => i === side.endOf[i]);

/** Every literal code unit of both sides, readable ones first, then one unit no literal names. */
function alphabet(a: Side, b: Side): number[] {
  const named = new Set<number>();
  for (const t of [...a.tokens, ...b.tokens]) if (t >= 0) named.add(t);
  let other = -1;
  for (const ch of READABLE) if (!named.has(ch.charCodeAt(0))) {
    other = ch.charCodeAt(0);
    break;
  }
  for (let c = 0x4e00; other < 0; c++) if (!named.has(c)) other = c;
  const readable = (c: number) => READABLE.includes(String.fromCharCode(c));
  const lits = [...named].sort((x, y) => Number(readable(y)) - Number(readable(x)) || x - y);
  return [other, ...lits];
}

/**
 * A shortest word reaching a goal state, null when none does, undefined past the state budget.
 * `prune` drops a state none of whose continuations can reach the goal.
 */
function search(as: readonly Wildcard[], bs: readonly Wildcard[], goal: (inA: boolean, inB: boolean) => boolean, prune: (a: Side, b: Side, sa: number[], sb: number[]) => boolean): string | null | undefined {
  const a = sideOf(as);
  const b = sideOf(bs);
  const start = (s: Side) => {
    const set = new Set<number>();
    for (const i of s.starts) close(s, i, set);
    return [...set].sort((x, y) => x - y);
  };
  const chars = alphabet(a, b);
  const first: [number[], number[]] = [start(a), start(b)];
  const seen = new Map<string, { prev: string | null; c: number }>();
  const key = (sa: number[], sb: number[]) => `${sa.join(',')}|${sb.join(',')}`;
  const word = (k: string) => {
    const units: number[] = [];
    for (let at: string | null = k; at !== null; ) {
      const e: { prev: string | null; c: number } = seen.get(at)!;
      if (e.prev !== null) units.push(e.c);
      at = e.prev;
    }
    return String.fromCharCode(...units.reverse());
  };
  let queue: Array<[number[], number[], string]> = [[...first, key(...first)]];
  seen.set(queue[0][2], { prev: null, c: -1 });
  while (queue.length) {
    const next: Array<[number[], number[], string]> = [];
    for (const [sa, sb, k] of queue) {
      if (goal(accepts(a, sa), accepts(b, sb))) return word(k);
      if (prune(a, b, sa, sb)) continue;
      for (const c of chars) {
        const na = step(a, sa, c);
        const nb = step(b, sb, c);
        const nk = key(na, nb);
        if (seen.has(nk)) continue;
        if (seen.size >= MAX_SEARCH_STATES) return undefined;
        seen.set(nk, { prev: k, c });
        next.push([na, nb, nk]);
      }
    }
    queue = next;
  }
  return null;
}

/**
 * A shortest word of `a` that no pattern of `bs` matches; null when `bs` cover `a`; undefined past
 * the search budget (no claim).
 * @example wordOutside(p('ls *'), [p('ls -la')]) // 'ls ' … a word `ls -la` does not cover
 */
export function wordOutside(a: Wildcard, bs: readonly Wildcard[]): string | null | undefined {
  return search([a], bs, (inA, inB) => inA && !inB, (_, b, sa, sb) => sa.length === 0 || sb.some((i) => b.open[i]));
}

/**
 * A shortest word both sides match; null when they share none; undefined past the search budget.
 * @example wordInBoth([p('python *')], [p('python -c *')]) // 'python -c'
 */
export function wordInBoth(as: readonly Wildcard[], bs: readonly Wildcard[]): string | null | undefined {
  return search(as, bs, (inA, inB) => inA && inB, (_, __, sa, sb) => sa.length === 0 || sb.length === 0);
}
