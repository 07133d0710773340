import type { OpencodeRule, OpencodeRuleSet } from '../rules';
import { inEvaluationOrder } from '../evaluate';
import { literalHead, matcherOf, matches, matchesPattern, type CompiledWildcard, type Wildcard } from '../../../patterns/wildcard';
import { provablyDisjoint } from '../../../patterns/disjoint';
import { PrefixIndex } from '../../../analysis/prefix-index';

/**
 * The per-parse groundwork of the OpenCode witness search: which rules one request of an action
 * class sees, per version ("sides"), and how far two versions agree from either end. Built once
 * per parse: parses are never mutated, and the base of an editor comparison stays the same object
 * while the current version is typed, so only the current version's share is built per edit.
 */

/** The rules one request of an action class sees, per version, in evaluation order. */
export interface Side {
  rules: OpencodeRule[];
  /** Each rule's position in its parse's evaluation order (ascending); never changed once built. */
  readonly at: readonly number[];
  /** Reads of single entries that build neither list (see `sideLength`, `sideRule`, `sideCountBelow`). */
  view?: SideView;
  /** The evaluation order of the parse the positions are in, when the side was built from one. */
  order?: readonly OpencodeRule[];
  /** For a side read off the base's: that side, the middle's positions, and where they go. */
  src?: { base: Side; lo: number; hi: number; mid: readonly number[]; shift: number };
}

interface SideView {
  length: number;
  pos(i: number): number;
  rule(i: number): OpencodeRule;
}

/** @example sideLength(sideFor(rs, undefined, 'edit')) // sideFor(rs, undefined, 'edit').at.length */
export function sideLength(s: Side): number {
  return s.view ? s.view.length : s.at.length;
}

/** @example sideRule(side, 0) // side.rules[0] */
export function sideRule(s: Side, i: number): OpencodeRule {
  return s.view ? s.view.rule(i) : s.rules[i];
}

/** Answers of `samePositions` per pair of sides: sides never change, and the base's are asked every keystroke. */
const SAME = new WeakMap<Side, WeakMap<Side, boolean>>();

/**
 * Whether two sides of one parse hold the same positions (so the same rules). Two sides read off
 * the base's with the same middle and shift are the same when the base's sides are; otherwise
 * positions are compared one by one, without building either list.
 * @example samePositions(side, side) // true
 */
export function samePositions(a: Side, b: Side): boolean {
  if (a === b) return true;
  let known = SAME.get(a);
  const hit = known?.get(b);
  if (hit !== undefined) return hit;
  const same = comparePositions(a, b);
  if (!known) SAME.set(a, (known = new WeakMap()));
  known.set(b, same);
  return same;
}

function comparePositions(a: Side, b: Side): boolean {
  const n = sideLength(a);
  if (sideLength(b) !== n) return false;
  const x = a.src;
  const y = b.src;
  if (x && y && x.lo === y.lo && x.hi === y.hi && x.shift === y.shift && x.mid.length === y.mid.length && x.mid.every((p, i) => p === y.mid[i]) && samePositions(x.base, y.base)) return true;
  for (let i = 0; i < n; i++) if (positionAt(a, i) !== positionAt(b, i)) return false;
  return true;
}

function positionAt(s: Side, i: number): number {
  return s.view ? s.view.pos(i) : s.at[i];
}

/** `countBelow` of a side's positions. @example sideCountBelow(side, 10) // countBelow(side.at, 10) */
export function sideCountBelow(s: Side, limit: number): number {
  return s.view ? countBelowBy(s.view.length, s.view.pos, limit) : countBelow(s.at, limit);
}

interface ParseFacts {
  order: readonly OpencodeRule[];
  /** Pattern-level facts, built on first use: a version derived from its base never needs them. */
  patterns?: PatternLevel;
  sides: Map<string, Side>;
  /** The agents its rules name, once asked. */
  agents?: Set<string>;
  /** A base this version shares its ends with: its sides are the base's, shifted, plus the changed middle. */
  derived?: { base: OpencodeRuleSet; head: number; tail: number };
}

interface PatternLevel {
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
  views: Map<string | undefined, ReadonlyArray<readonly number[]>>;
}

const FACTS = new WeakMap<OpencodeRuleSet, ParseFacts>();

function factsOf(rs: OpencodeRuleSet): ParseFacts {
  let f = FACTS.get(rs);
  if (f) return f;
  // Every field from the start: fields added later, in whatever order a check asks for them, would
  // give these objects several shapes, and the code reading them would be compiled again.
  f = { order: inEvaluationOrder(rs), patterns: undefined, sides: new Map(), agents: undefined, derived: undefined };
  FACTS.set(rs, f);
  return f;
}

function patternLevel(rs: OpencodeRuleSet): PatternLevel {
  const f = factsOf(rs);
  if (f.patterns) return f.patterns;
  const actionIds = new Map<string, number>();
  const actionMatchers: CompiledWildcard[] = [];
  const firstOfSource: Wildcard[] = [];
  // Indexed loops over a parse's rules here and below: they run once per parse, before V8
  // optimizes them, and an iterator there makes an object per rule.
  for (let i = 0; i < rs.rules.length; i++) {
    const r = rs.rules[i];
    if (actionIds.has(r.actionPattern.source)) continue;
    actionIds.set(r.actionPattern.source, actionMatchers.length);
    actionMatchers.push(matcherOf(r.actionPattern));
    firstOfSource.push(r.actionPattern);
  }
  return (f.patterns = {
    // The first rule of each source, then by language: the same first occurrences as over every rule.
    actionPatterns: distinctPatterns(firstOfSource),
    literals: literalActions(rs.rules),
    chars: literalChars(rs.rules),
    actionIds,
    actionMatchers,
    views: new Map(),
  });
}

/**
 * What the witness search needs of a parse's patterns: its distinct action patterns, the actions
 * it names literally, the printable characters of its literals (all three in file order).
 * @example patternFacts(rs).literals // ['edit', 'read']
 */
export function patternFacts(rs: OpencodeRuleSet): { actionPatterns: Wildcard[]; literals: string[]; chars: number[] } {
  return patternLevel(rs);
}

/**
 * Gives `rs` the pattern-level facts `other` has already, when the two are the same patterns rule
 * for rule, in the same orders (they may differ in decisions): every such fact is a function of
 * each rule's action and patterns and of the orders alone. A file opened with an effect changed
 * since its git base then reads its patterns once, not once per version.
 */
function borrowPatternLevel(rs: OpencodeRuleSet, other: OpencodeRuleSet): void {
  const mine = factsOf(rs);
  const theirs = FACTS.get(other)?.patterns;
  if (mine.patterns || !theirs || !samePatterns(rs.rules, other.rules)) return;
  const a = rs.order;
  const b = other.order;
  if (a !== b && (a === undefined || b === undefined || a.length !== b.length || a.some((x, i) => x !== b[i]))) return;
  mine.patterns = theirs;
}

/** The same action text and pattern objects (a pattern object compiles to one matcher), and the same agent, position by position. */
function samePatterns(a: readonly OpencodeRule[], b: readonly OpencodeRule[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i];
    const y = b[i];
    if (x === y) continue;
    if (x.action !== y.action || x.agent !== y.agent || x.actionPattern !== y.actionPattern || x.resourcePattern !== y.resourcePattern) return false;
  }
  return true;
}

/**
 * The facts of two versions together, each list the base's followed by what only the current
 * version adds (first occurrences, file order), as `patternFacts` of both joined without repeats
 * (`chars` may repeat: `preferredOrder` keeps first occurrences). When the current version differs
 * from the base only in a middle run of rules (`ends` from `sharedEnds`), only that middle is
 * read: every pattern and character of the shared ends is the base's already. Without `ends`,
 * both files are read whole.
 * @example unionFacts(base, base, sharedEnds(base, base)).literals // patternFacts(base).literals
 */
export function unionFacts(base: OpencodeRuleSet, current: OpencodeRuleSet, ends?: Ends): { actionPatterns: Wildcard[]; literals: string[]; chars: number[] } {
  if (ends) borrowPatternLevel(base, current);
  const bf = patternLevel(base);
  const mid = ends && middleOf(base, current, ends);
  const cf = mid ? { actionPatterns: mid.map((r) => r.actionPattern), literals: literalActions(mid), chars: literalChars(mid) } : patternLevel(current);
  return {
    actionPatterns: distinctPatterns([...bf.actionPatterns, ...cf.actionPatterns]),
    literals: [...new Set([...bf.literals, ...cf.literals])],
    chars: [...bf.chars, ...cf.chars],
  };
}

/**
 * The current version's rules between the shared ends, in file order — or undefined when its
 * evaluation order leaves a rule out, or a shared rule spells its action differently (literal
 * actions are read as written): then the whole file is read.
 */
function middleOf(base: OpencodeRuleSet, current: OpencodeRuleSet, ends: Ends): readonly OpencodeRule[] | undefined {
  if (ends.baseLength !== base.rules.length || ends.currentLength !== current.rules.length) return undefined;
  const b = factsOf(base).order;
  const c = factsOf(current).order;
  if (!sameActions(b, c, ends)) return undefined;
  if (!current.order) return current.rules.slice(ends.head, c.length - ends.tail);
  // First occurrences count in file order, and the evaluation order may differ from it.
  return current.order.slice(ends.head, c.length - ends.tail).sort((x, y) => x - y).map((i) => current.rules[i]);
}

/** Whether the shared ends spell every action alike (a function of its own: see `sameHead`). */
function sameActions(b: readonly OpencodeRule[], c: readonly OpencodeRule[], ends: Ends): boolean {
  for (let i = 0; i < ends.head; i++) if (b[i].action !== c[i].action) return false;
  for (let i = 1; i <= ends.tail; i++) if (b[b.length - i].action !== c[c.length - i].action) return false;
  return true;
}

/** Actions written without a wildcard, in order, without repeats. */
function literalActions(rules: readonly OpencodeRule[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (let i = 0; i < rules.length; i++) {
    const a = rules[i].action;
    if (seen.has(a)) continue;
    seen.add(a);
    if (!/[*?]/.test(a)) out.push(a);
  }
  return out;
}

/** Printable literal characters of the rules' action and resource patterns, in order of first appearance. */
function literalChars(rules: readonly OpencodeRule[]): number[] {
  const seen = new Uint8Array(0x80);
  const out: number[] = [];
  // Thousands of rules share a handful of action patterns: each is read once.
  const actions = new Set<Wildcard>();
  for (let k = 0; k < rules.length; k++) {
    const r = rules[k];
    if (!actions.has(r.actionPattern)) {
      actions.add(r.actionPattern);
      scanChars(r.actionPattern, seen, out);
    }
    scanChars(r.resourcePattern, seen, out);
  }
  return out;
}

/** Appends to `out` the printable literal characters of `w` not yet `seen`. */
function scanChars(w: Wildcard, seen: Uint8Array, out: number[]): void {
  for (let j = 0; j < w.alts.length; j++) {
    const alt = w.alts[j];
    for (let m = 0; m < alt.length; m++) {
      const a = alt[m];
      if (a.t !== 'lit') continue;
      for (let i = 0; i < a.s.length; i++) {
        const c = a.s.charCodeAt(i);
        if (c >= 0x20 && c < 0x7f && seen[c] === 0) {
          seen[c] = 1;
          out.push(c);
        }
      }
    }
  }
}

/**
 * The rules of an agent's view whose action pattern matches the action, in evaluation order.
 * @example sideFor(rs, undefined, 'edit').rules.every((r) => matchesPattern(r.actionPattern, 'edit'))
 */
export function sideFor(rs: OpencodeRuleSet, agent: string | undefined, action: string): Side {
  const f = factsOf(rs);
  const key = agent === undefined ? `\u0000${action}` : `${agent}\u0000${action}`;
  const hit = f.sides.get(key);
  if (hit) return hit;
  // An agent no rule names sees just what every agent sees: the same side, not a copy (built-in
  // agents are many, and each would copy thousands of positions per version).
  if (agent !== undefined && !agentsNamed(rs).has(agent)) {
    const shared = sideFor(rs, undefined, action);
    f.sides.set(key, shared);
    return shared;
  }
  const side = f.derived ? derivedSide(f, f.derived, agent, action) : lazySide(f.order, ownPositions(rs, agent, action));
  f.sides.set(key, side);
  return side;
}

/**
 * A side whose rule list is built when first read: most sides of an edit hold none of the changed
 * rules, and their search ends on positions alone.
 */
function lazySide(order: readonly OpencodeRule[], at: readonly number[], src?: Side['src']): Side {
  let rules: OpencodeRule[] | undefined;
  return {
    at,
    get rules(): OpencodeRule[] {
      if (!rules) {
        rules = new Array<OpencodeRule>(at.length);
        for (let i = 0; i < at.length; i++) rules[i] = order[at[i]];
      }
      return rules;
    },
    view: { length: at.length, pos: (i) => at[i], rule: (i) => order[at[i]] },
    order,
    ...(src ? { src } : {}),
  };
}

/**
 * `sideFor` from the parse alone, never read off a base nor kept: the reference the derived
 * sides are tested against.
 * @example ownSide(rs, undefined, 'edit').at // the same as sideFor(rs, undefined, 'edit').at
 */
export function ownSide(rs: OpencodeRuleSet, agent: string | undefined, action: string): Side {
  const at = ownPositions(rs, agent, action);
  const order = factsOf(rs).order;
  return { rules: at.map((i) => order[i]), at };
}

/** The agents the parse's rules name. */
function agentsNamed(rs: OpencodeRuleSet): Set<string> {
  const f = factsOf(rs);
  if (!f.agents) {
    f.agents = new Set();
    // An indexed loop: this runs once per parse, before V8 optimizes it, and an iterator there
    // makes an object per rule.
    for (let i = 0; i < f.order.length; i++) if (f.order[i].agent !== null) f.agents.add(f.order[i].agent!);
  }
  return f.agents;
}

/** Whether an agent's view holds a rule: the rule is for every agent or for this one. */
function visible(r: OpencodeRule, agent: string | undefined): boolean {
  return r.agent === null || (agent !== undefined && r.agent === agent);
}

/** Whether the side of (`agent`, `action`) holds a rule, tested on the rule alone. */
function inSide(r: OpencodeRule, agent: string | undefined, action: string): boolean {
  return visible(r, agent) && matchesPattern(r.actionPattern, action);
}

/** A side's positions from the parse itself. */
function ownPositions(rs: OpencodeRuleSet, agent: string | undefined, action: string): readonly number[] {
  const p = patternLevel(rs);
  let view = p.views.get(agent);
  if (!view) {
    // Per action pattern, the positions of the rules every agent sees merged with the agent's own:
    // the parse is read once for all agents (the built-in layers give each built-in agent rules).
    const own = ownByAgent(rs, p);
    const shared = own.get(null)!;
    const mine = agent === undefined ? undefined : own.get(agent);
    view = mine ? shared.map((list, id) => mergeAscending([list, mine[id]])) : shared;
    p.views.set(agent, view);
  }
  // Thousands of rules share a handful of action patterns: each is matched once. Each pattern's
  // positions are ascending, so one matching pattern's list is the answer as it is (never written).
  const lists: Array<readonly number[]> = [];
  p.actionMatchers.forEach((m, id) => {
    if (matches(m, action)) lists.push(view[id]);
  });
  return mergeAscending(lists);
}

function emptyLists(n: number): number[][] {
  const out = new Array<number[]>(n);
  for (let k = 0; k < n; k++) out[k] = [];
  return out;
}

/** Positions of each agent's own rules (null: every agent's), by action pattern number, ascending. */
const OWN = new WeakMap<PatternLevel, Map<string | null, number[][]>>();

function ownByAgent(rs: OpencodeRuleSet, p: PatternLevel): Map<string | null, number[][]> {
  let own = OWN.get(p);
  if (own) return own;
  const n = p.actionMatchers.length;
  own = new Map([[null, emptyLists(n)]]);
  const order = factsOf(rs).order;
  // Runs of rules share an agent and an action pattern: each is looked up once per run.
  let agent: string | null = null;
  let lists = own.get(null)!;
  let action: Wildcard | undefined;
  let list: number[] = [];
  for (let i = 0; i < order.length; i++) {
    const r = order[i];
    if (r.agent !== agent) {
      agent = r.agent;
      let mine = own.get(agent);
      if (!mine) own.set(agent, (mine = emptyLists(n)));
      lists = mine;
      action = undefined;
    }
    if (r.actionPattern !== action) {
      action = r.actionPattern;
      list = lists[p.actionIds.get(action.source)!];
    }
    list.push(i);
  }
  OWN.set(p, own);
  return own;
}

/**
 * Ascending lists of distinct positions merged into one: none is copied when at most one holds any
 * (the result is then that list itself, never to be written).
 * @example mergeAscending([[1, 4], [2, 3]]) // [1, 2, 3, 4]
 */
export function mergeAscending(lists: ReadonlyArray<readonly number[]>): readonly number[] {
  const full = lists.filter((l) => l.length > 0);
  if (full.length === 0) return [];
  let out = full[0];
  for (let k = 1; k < full.length; k++) {
    const a = out;
    const b = full[k];
    const m: number[] = new Array(a.length + b.length);
    let i = 0;
    let j = 0;
    let n = 0;
    while (i < a.length && j < b.length) m[n++] = a[i] <= b[j] ? a[i++] : b[j++];
    while (i < a.length) m[n++] = a[i++];
    while (j < b.length) m[n++] = b[j++];
    out = m;
  }
  return out;
}

/**
 * A side read off the base's: the shared ends hold the same agents and action languages at the
 * same distance from either end, so only the middle is matched. Its positions are the base's
 * before the middle, the middle's own, then the base's after it shifted by the change in length:
 * read one at a time, both lists are built only if asked for.
 */
function derivedSide(f: ParseFacts, from: { base: OpencodeRuleSet; head: number; tail: number }, agent: string | undefined, action: string): Side {
  const baseSide = sideFor(from.base, agent, action);
  const b = baseSide.at;
  const nb = factsOf(from.base).order.length;
  const order = f.order;
  const nc = order.length;
  const lo = countBelow(b, from.head);
  const hi = countBelow(b, nb - from.tail);
  const mid: number[] = [];
  for (let i = from.head; i < nc - from.tail; i++) {
    if (inSide(order[i], agent, action)) mid.push(i);
  }
  const shift = nc - nb;
  const src = { base: baseSide, lo, hi, mid, shift };
  // Positions never change once built: a side the edit leaves alone shares the base's.
  if (lo === hi && mid.length === 0 && shift === 0) return lazySide(order, b, src);
  const m = mid.length;
  const length = lo + m + (b.length - hi);
  const pos = (i: number) => (i < lo ? b[i] : i < lo + m ? mid[i - lo] : b[i - lo - m + hi] + shift);
  let at: number[] | undefined;
  let rules: OpencodeRule[] | undefined;
  return {
    get at(): readonly number[] {
      if (!at) {
        at = new Array<number>(length);
        for (let i = 0; i < length; i++) at[i] = pos(i);
      }
      return at;
    },
    get rules(): OpencodeRule[] {
      if (!rules) {
        rules = new Array<OpencodeRule>(length);
        for (let i = 0; i < length; i++) rules[i] = order[pos(i)];
      }
      return rules;
    },
    view: { length, pos, rule: (i) => order[pos(i)] },
    order,
    src,
  };
}

/**
 * How many rules two versions share at the start and at the end of their evaluation orders (the
 * same agent, action, decision and resource language): every side of either version agrees there.
 * With `derive`, the current version's sides are read off the base's from then on.
 * @example sharedEnds(base, base) // { head: n, tail: 0 }
 */
export function sharedEnds(base: OpencodeRuleSet, current: OpencodeRuleSet, derive = true): Ends {
  const b = factsOf(base).order;
  const cf = factsOf(current);
  const c = cf.order;
  const head = sameHead(b, c);
  const tail = sameTail(b, c, head);
  // The current version's sides not yet built are read off the base's from now on (see
  // `derivedPositions`). Only a base that derives from nothing itself is used, so no chain of
  // versions ever leads back to the current one.
  if (derive && base !== current && !factsOf(base).derived) cf.derived = { base, head, tail };
  return { head, tail, baseLength: b.length, currentLength: c.length };
}

/**
 * The rules between the shared ends, of both versions: a side that holds none of them is the same
 * in both, so nothing can flip there.
 * @example changedRules(base, withOneRuleFlipped, sharedEnds(base, withOneRuleFlipped)).length // 2
 */
export function changedRules(base: OpencodeRuleSet, current: OpencodeRuleSet, ends: Ends): OpencodeRule[] {
  const b = factsOf(base).order;
  const c = factsOf(current).order;
  const out: OpencodeRule[] = [];
  for (let i = ends.head; i < b.length - ends.tail; i++) out.push(b[i]);
  for (let i = ends.head; i < c.length - ends.tail; i++) out.push(c[i]);
  return out;
}

/**
 * Whether any of `rules` is in the side of (`agent`, `action`): one `sideFor` would hold, tested
 * rule by rule, with no side built.
 */
export function anyInSide(rules: readonly OpencodeRule[], agent: string | undefined, action: string): boolean {
  for (let i = 0; i < rules.length; i++) if (inSide(rules[i], agent, action)) return true;
  return false;
}

/**
 * How many rules the two orders share from their start. A loop of its own, as is the tail's: V8
 * compiles a long loop while it runs, and code after it in the same function, not yet run then,
 * would throw that compiled code away on every check.
 */
function sameHead(b: readonly OpencodeRule[], c: readonly OpencodeRule[]): number {
  let head = 0;
  while (head < b.length && head < c.length && same(b[head], c[head])) head++;
  return head;
}

/** How many rules the two orders share from their end, before `head`. */
function sameTail(b: readonly OpencodeRule[], c: readonly OpencodeRule[], head: number): number {
  let tail = 0;
  while (tail < b.length - head && tail < c.length - head && same(b[b.length - 1 - tail], c[c.length - 1 - tail])) tail++;
  return tail;
}

/** Rules alike for the witness search: agent, action language and rule (a module function: a closure made per call would change the call's target each time). */
function same(x: OpencodeRule, y: OpencodeRule): boolean {
  return x.agent === y.agent && sameLanguage(x.actionPattern, y.actionPattern) && sameRule(x, y);
}

/** How far two versions agree from either end of their evaluation orders (see `sharedEnds`). */
export interface Ends {
  head: number;
  tail: number;
  baseLength: number;
  currentLength: number;
}

/** Positions in an ascending list below `limit`. */
export function countBelow(at: readonly number[], limit: number): number {
  return countBelowBy(at.length, (i) => at[i], limit);
}

/** `countBelow` of `n` ascending positions read one at a time. */
function countBelowBy(n: number, pos: (i: number) => number, limit: number): number {
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (pos(mid) < limit) lo = mid + 1;
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

/**
 * The same alternatives atom for atom (the language as the matcher and the automata read it).
 * @example sameLanguage(opencodePattern('a*'), opencodePattern('a**')) // true
 */
export function sameLanguage(a: Wildcard, b: Wildcard): boolean {
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

/** Per rule list (a parse's evaluation order, kept with the parse): its rules by the fixed start of each alternative. */
const HEADS = new WeakMap<readonly OpencodeRule[], PrefixIndex>();

function headIndex(rules: readonly OpencodeRule[]): PrefixIndex {
  let ix = HEADS.get(rules);
  if (ix) return ix;
  ix = new PrefixIndex();
  rules.forEach((r, j) => {
    for (const alt of r.resourcePattern.alts) ix.add(literalHead(alt), j);
  });
  HEADS.set(rules, ix.seal());
  return ix;
}

/**
 * (changed rules × side rules) tested one by one rather than through the index of fixed starts,
 * when the parse has none yet: a file's first comparison changes a rule or two, and indexing
 * thousands of rules costs more than testing them.
 */
export const MAX_SCANNED_PAIRS = 50_000;

const UNKNOWN = 0;
const MEETS = 1;
const DISJOINT = 2;

/** Per parse evaluation order, the last changed rules tested against it and what each position gave. */
const MEETS_KNOWN = new WeakMap<readonly OpencodeRule[], { patterns: readonly OpencodeRule[]; known: Uint8Array }>();

/** What is known of each position of `order` against these changed rules (the same objects as last time, or nothing). */
function meetsKnown(order: readonly OpencodeRule[], patterns: readonly OpencodeRule[]): Uint8Array {
  const last = MEETS_KNOWN.get(order);
  if (last && last.patterns.length === patterns.length && last.patterns.every((r, i) => r === patterns[i])) return last.known;
  const known = new Uint8Array(order.length);
  MEETS_KNOWN.set(order, { patterns, known });
  return known;
}

/**
 * Positions (ascending) of the side's rules that may meet one of the patterns: exactly those
 * `provablyDisjoint` does not rule out for every one of them. Few pairs are tested one by one;
 * otherwise one index of fixed starts per parse, kept with it (the base parse lives across
 * keystrokes, and every side of every agent is a part of it), finds the few candidates among
 * thousands. `scanUpTo` sets the pairs tested one by one (0: always the index).
 * @example meetingPositions(sideFor(rs, undefined, 'edit'), [changedRule]) // [12, 40]
 */
export function meetingPositions(side: Side, patterns: readonly OpencodeRule[], scanUpTo = MAX_SCANNED_PAIRS): number[] {
  const meets = (r: OpencodeRule) => {
    for (const m of patterns) if (!provablyDisjoint(m.resourcePattern, r.resourcePattern)) return true;
    return false;
  };
  // Candidates are positions in the parse's evaluation order when the side knows it, else in the side.
  const order = side.order;
  const list = order ?? side.rules;
  const n = sideLength(side);
  if (!HEADS.has(list) && patterns.length * n <= scanUpTo) {
    // A few changed rules against one side: testing each rule costs less than indexing the parse.
    // Every agent's side holds the rules every agent sees: a rule of the parse is tested once.
    const out: number[] = [];
    if (!order) {
      for (let j = 0; j < n; j++) if (meets(sideRule(side, j))) out.push(j);
      return out;
    }
    const known = meetsKnown(order, patterns);
    for (let j = 0; j < n; j++) {
      const p = positionAt(side, j);
      let k = known[p];
      if (k === UNKNOWN) known[p] = k = meets(order[p]) ? MEETS : DISJOINT;
      if (k === MEETS) out.push(j);
    }
    return out;
  }
  const ix = headIndex(list);
  const candidates = new Set<number>();
  // A rule can only meet a pattern whose fixed start is a prefix of its own or has its own as a prefix.
  const near: number[] = [];
  for (const m of patterns) for (const alt of m.resourcePattern.alts) ix.related(literalHead(alt), Infinity, near);
  for (const j of near) candidates.add(j);
  const out: number[] = [];
  for (const p of candidates) {
    let j = p;
    if (order) {
      // The side holds this rule of the parse only if its positions list it.
      j = sideCountBelow(side, p);
      if (j >= sideLength(side) || positionAt(side, j) !== p) continue;
    }
    if (meets(list[p])) out.push(j);
  }
  return out.sort((a, b) => a - b);
}
