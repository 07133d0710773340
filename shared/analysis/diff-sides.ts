import type { OpencodeRule, OpencodeRuleSet } from '../dialects/opencode/rules';
import { inEvaluationOrder } from '../dialects/opencode/evaluate';
import { matches, type CompiledWildcard, type Wildcard } from '../patterns/wildcard';

/**
 * The per-parse groundwork of the OpenCode witness search: which rules one request of an action
 * class sees, per version ("sides"), and how far two versions agree from either end. Built once
 * per parse: parses are never mutated, and the base of an editor comparison stays the same object
 * while the current version is typed, so only the current version's share is built per edit.
 */

/** The rules one request of an action class sees, per version, in evaluation order. */
export interface Side {
  rules: OpencodeRule[];
  /** Each rule's position in its parse's evaluation order (ascending). */
  at: number[];
}

interface ParseFacts {
  order: readonly OpencodeRule[];
  /** The parse's action patterns without repeats, in file order. */
  actionPatterns: Wildcard[];
  /** Actions written without a wildcard, in file order, without repeats. */
  literals: string[];
  /** Printable literal characters of its patterns, in order of first appearance. */
  chars: number[];
  /** A number per distinct action pattern (by source), and the patterns' matchers by number. */
  actionIds: Map<string, number>;
  actionMatchers: CompiledWildcard[];
  /** Per agent (undefined: none): positions of the rules it sees, by action pattern number. */
  views: Map<string | undefined, number[][]>;
  sides: Map<string, Side>;
}

const FACTS = new WeakMap<OpencodeRuleSet, ParseFacts>();

function factsOf(rs: OpencodeRuleSet): ParseFacts {
  let f = FACTS.get(rs);
  if (f) return f;
  const actionIds = new Map<string, number>();
  const actionMatchers: CompiledWildcard[] = [];
  const firstOfSource: Wildcard[] = [];
  for (const r of rs.rules) {
    if (actionIds.has(r.actionMatcher.source)) continue;
    actionIds.set(r.actionMatcher.source, actionMatchers.length);
    actionMatchers.push(r.actionMatcher);
    firstOfSource.push(r.actionPattern);
  }
  f = {
    order: inEvaluationOrder(rs),
    // The first rule of each source, then by language: the same first occurrences as over every rule.
    actionPatterns: distinctPatterns(firstOfSource),
    literals: [...new Set(rs.rules.filter((r) => !/[*?]/.test(r.action)).map((r) => r.action))],
    chars: literalChars(rs.rules),
    actionIds,
    actionMatchers,
    views: new Map(),
    sides: new Map(),
  };
  FACTS.set(rs, f);
  return f;
}

/**
 * What the witness search needs of a parse's patterns: its distinct action patterns, the actions
 * it names literally, the printable characters of its literals (all three in file order).
 * @example patternFacts(rs).literals // ['edit', 'read']
 */
export function patternFacts(rs: OpencodeRuleSet): { actionPatterns: Wildcard[]; literals: string[]; chars: number[] } {
  return factsOf(rs);
}

/** Printable literal characters of the rules' action and resource patterns, in order of first appearance. */
function literalChars(rules: readonly OpencodeRule[]): number[] {
  const seen = new Uint8Array(0x80);
  const out: number[] = [];
  const scan = (w: Wildcard) => {
    for (const alt of w.alts) for (const a of alt) if (a.t === 'lit') for (let i = 0; i < a.s.length; i++) {
      const c = a.s.charCodeAt(i);
      if (c >= 0x20 && c < 0x7f && !seen[c]) {
        seen[c] = 1;
        out.push(c);
      }
    }
  };
  for (const r of rules) {
    scan(r.actionPattern);
    scan(r.resourcePattern);
  }
  return out;
}

/**
 * The rules of an agent's view whose action pattern matches the action, in evaluation order.
 * @example sideFor(rs, undefined, 'edit').rules.every((r) => matches(r.actionMatcher, 'edit'))
 */
export function sideFor(rs: OpencodeRuleSet, agent: string | undefined, action: string): Side {
  const f = factsOf(rs);
  const key = JSON.stringify([agent ?? null, action]);
  const hit = f.sides.get(key);
  if (hit) return hit;
  let view = f.views.get(agent);
  if (!view) {
    view = f.actionMatchers.map(() => []);
    f.order.forEach((r, i) => {
      if (r.agent === null || (agent !== undefined && r.agent === agent)) view![f.actionIds.get(r.actionMatcher.source)!].push(i);
    });
    f.views.set(agent, view);
  }
  // Thousands of rules share a handful of action patterns: each is matched once.
  const at: number[] = [];
  f.actionMatchers.forEach((m, id) => {
    if (matches(m, action)) for (const i of view![id]) at.push(i);
  });
  at.sort((a, b) => a - b);
  const side: Side = { rules: at.map((i) => f.order[i]), at };
  f.sides.set(key, side);
  return side;
}

/**
 * How many rules two versions share at the start and at the end of their evaluation orders (the
 * same agent, action, decision and resource language): every side of either version agrees there.
 * @example sharedEnds(base, base) // { head: n, tail: 0 }
 */
export function sharedEnds(base: OpencodeRuleSet, current: OpencodeRuleSet): { head: number; tail: number; baseLength: number; currentLength: number } {
  const b = factsOf(base).order;
  const c = factsOf(current).order;
  const same = (x: OpencodeRule, y: OpencodeRule) => x.agent === y.agent && sameLanguage(x.actionPattern, y.actionPattern) && sameRule(x, y);
  let head = 0;
  while (head < b.length && head < c.length && same(b[head], c[head])) head++;
  let tail = 0;
  while (tail < b.length - head && tail < c.length - head && same(b[b.length - 1 - tail], c[c.length - 1 - tail])) tail++;
  return { head, tail, baseLength: b.length, currentLength: c.length };
}

/** Positions in an ascending list below `limit`. */
export function countBelow(at: readonly number[], limit: number): number {
  let lo = 0;
  let hi = at.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (at[mid] < limit) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Same decision and the same resource language as matched (after home expansion).
 * @example sameRule(rule, { ...rule }) // true
 */
export function sameRule(a: OpencodeRule, b: OpencodeRule): boolean {
  return a.decision === b.decision && sameLanguage(a.resourcePattern, b.resourcePattern);
}

/** The same alternatives atom for atom (the language as the matcher and the automata read it). */
function sameLanguage(a: Wildcard, b: Wildcard): boolean {
  if (a === b) return true;
  if (a.alts.length !== b.alts.length) return false;
  for (let i = 0; i < a.alts.length; i++) {
    const x = a.alts[i];
    const y = b.alts[i];
    if (x.length !== y.length) return false;
    for (let j = 0; j < x.length; j++) {
      const p = x[j];
      const q = y[j];
      if (p.t !== q.t || (p.t === 'lit' && q.t === 'lit' && p.s !== q.s)) return false;
    }
  }
  return true;
}

const KEYS = new WeakMap<Wildcard, string>();

/**
 * Patterns without repeats of the same language, first occurrences in order.
 * @example distinctPatterns([p('a*'), p('a**')]).length // 1
 */
export function distinctPatterns(ws: readonly Wildcard[]): Wildcard[] {
  const seen = new Map<string, Wildcard>();
  for (const w of ws) {
    let k = KEYS.get(w);
    if (k === undefined) KEYS.set(w, (k = JSON.stringify(w.alts)));
    if (!seen.has(k)) seen.set(k, w);
  }
  return [...seen.values()];
}
