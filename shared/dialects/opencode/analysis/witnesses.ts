import type { NFA } from 'refa';
import type { Decision, RuleRef } from '../../../model';
import type { OpencodeRequest, OpencodeRule, OpencodeRuleSet } from '../rules';
import { DEFAULT_EFFECT } from '../evaluate';
import { compile, isUniversal, matches, matchesPattern, type Wildcard } from '../../../patterns/wildcard';
import { provablyDisjoint } from '../../../patterns/disjoint';
import { direction, sortFlips, type Flip } from '../../../diff/flips';
import { AutomataCache, alphabetWithout, sharedAutomataCache } from '../../../analysis/automata';
import { BudgetExceeded, Deadline } from '../../../analysis/budget';
import { PATTERN_LIMITS } from '../../../analysis/classes';
import { walkSteps, type WalkState } from '../../../analysis/lazy-dfa';
import { finish, type Steps } from '../../../analysis/steps';
import { fills, meets, preferredOrder, wordFromSet } from '../../../analysis/witness';
import { anyInSide, changedRules, meetingPositions, ownSide, sameLanguage, samePositions, sameRule, sharedEnds, sideCountBelow, sideFor, sideLength, sideRule, unionFacts, type Side } from './sides';

/**
 * Change impact for OpenCode: single-resource requests whose last-match decision differs between
 * two versions of a rule file, found on the automata. Actions are split into classes by which
 * action patterns match them (one walk over the action patterns), so a class no rule names —
 * a fresh action under `*` — is searched too; within a class, one walk over the resource patterns
 * of both versions finds every (before, after) decision pair that occurs, with a witness.
 */

/** Readable stand-ins for an action class that no literal action of the files represents. */
const FRESH_ACTIONS = ['other', 'webfetch', 'bash', 'edit', 'read'];
/** Readable resource stand-ins tried before a walk's shortest word. */
const COMMON_RESOURCES = ['a', 'src/a', 'x'];

/** OpenCode turns backslashes into `/` in every input before matching: no input holds one. */
const OPENCODE_INPUTS = alphabetWithout('\\');

/** Report order of decision pairs: the loosest outcome gained first. */
const PAIR_ORDER: ReadonlyArray<[Decision, Decision]> = [
  ['deny', 'allow'],
  ['ask', 'allow'],
  ['deny', 'ask'],
  ['allow', 'deny'],
  ['ask', 'deny'],
  ['allow', 'ask'],
];
/** How many skipped actions a budget note names. */
const MAX_NAMED_ACTIONS = 5;
/** Resource automata built between pauses of the exact walk's set-up (a long pattern's takes a fraction of a millisecond). */
const NFA_BUILD_CHUNK = 16;

/** One decision pair found for an action class, with the request showing it. */
interface Found {
  action: string;
  agent: string | undefined;
  resource: string;
  before: Decision;
  after: Decision;
  beforeRule: OpencodeRule | null;
  afterRule: OpencodeRule | null;
  /** A stored flip already shows this pair for this action class. */
  /** The stored request that already shows this pair, if one does. */
  covered: string | undefined;
}

/** The controlling rule (last match) of a resource, or null for the default. */
function lastMatch(rules: readonly OpencodeRule[], resource: string): OpencodeRule | null {
  for (let i = rules.length - 1; i >= 0; i--) if (matchesPattern(rules[i].resourcePattern, resource)) return rules[i];
  return null;
}

function decisionOf(r: OpencodeRule | null): Decision {
  return r ? r.decision : DEFAULT_EFFECT;
}

const pairKey = (a: Decision, b: Decision) => `${a}>${b}`;

/**
 * Every action class (actions matched by the same action patterns) with one readable member,
 * from a walk over the distinct action patterns of both files.
 */
function* actionClasses(patterns: readonly Wildcard[], literals: readonly string[], cache: AutomataCache, deadline: Deadline, preferred: readonly number[]): Steps<string[]> {
  deadline.check();
  const nfas = patterns.map((w) => cache.nfa({ kind: 'one', w }));
  const compiled = patterns.map(compile);
  const classOf = (a: string) => compiled.map((m) => (matches(m, a) ? '1' : '0')).join('');
  const named = new Map<string, string>();
  for (const a of [...literals, ...FRESH_ACTIONS, ...patterns.flatMap((w) => fills(w))]) if (!named.has(classOf(a))) named.set(classOf(a), a);
  const out = new Map<string, string>();
  yield* walkSteps(nfas, cache.facts, (s, path) => {
    if (s.accepting.includes(true)) {
      const key = s.accepting.map((x) => (x ? '1' : '0')).join('');
      if (!out.has(key)) out.set(key, named.get(key) ?? wordFromSet(path(), preferred)[0]);
    }
    return 'expand';
  }, deadline);
  // Literals first, in file order: the classes people wrote rules for lead the report.
  const order = [...named.keys()];
  return [...out.entries()].sort(([a], [b]) => rank(order, a) - rank(order, b)).map(([, v]) => v);
}

/** Action class lists kept for recent inputs: an edit that names no new action reuses the last one. */
const MAX_KEPT_CLASS_LISTS = 16;
const classLists = new Map<string, string[]>();

/**
 * `actionClasses`, answered from the last runs on the same patterns, literals and preferred
 * characters (the result depends on nothing else). A search the budget stops is not kept.
 */
function* knownActionClasses(patterns: readonly Wildcard[], literals: readonly string[], cache: AutomataCache, deadline: Deadline, preferred: readonly number[]): Steps<string[]> {
  const key = JSON.stringify([patterns.map((w) => w.alts), literals, preferred]);
  const hit = classLists.get(key);
  if (hit) {
    deadline.check();
    return [...hit];
  }
  const out = yield* actionClasses(patterns, literals, cache, deadline, preferred);
  if (classLists.size >= MAX_KEPT_CLASS_LISTS) classLists.delete(classLists.keys().next().value!);
  classLists.set(key, out);
  return [...out];
}

function rank(order: readonly string[], key: string): number {
  const i = order.indexOf(key);
  return i < 0 ? order.length : i;
}

/** How far two versions agree from either end of their evaluation orders (see `sharedEnds`). */
type Ends = ReturnType<typeof sharedEnds>;

/** The decision pairs found for one action class; `budget` when the search stopped short. */
interface Pairs {
  found: Map<string, string>;
  /** The sides as searched: every word found is decided by them exactly as by the full sides. */
  searched?: { base: Side; cur: Side };
  /**
   * One resource per distinct (base rule, current rule, decision pair) class met among the
   * readable candidates: two unrelated paths newly allowed by different rules are two flips.
   */
  classes: Map<string, string>;
  budget?: BudgetExceeded;
  /** The search for more resource classes stopped at the time limit (every decision pair is still found). */
  classesCut?: boolean;
}

/** How many resource classes one action class may list beyond one per decision pair. */
export const MAX_CLASSES_PER_ACTION = 50;

/**
 * Every (before, after) decision pair that some resource shows for this action class, each with a
 * witness resource: readable stand-ins first, then one exact walk. The rules both versions share at
 * the end of the file decide alike wherever they match, and outside the changed middle both
 * versions fall back to the same shared start, so only resources a middle rule matches can differ.
 */
function* pairsFor(base: Side, cur: Side, ends: Ends, cache: AutomataCache, deadline: Deadline, preferred: readonly number[], reuse: boolean): Steps<Pairs> {
  const found = new Map<string, string>();
  const classes = new Map<string, string>();
  // Rules the two versions share at either end of the whole file are shared by every side. Up to
  // the narrowing below, entries are read one at a time: a side of thousands is never copied.
  const bl = sideLength(base);
  const cl = sideLength(cur);
  const tb = bl - sideCountBelow(base, ends.baseLength - ends.tail);
  const tc = cl - sideCountBelow(cur, ends.currentLength - ends.tail);
  // Once the head reaches the shared tail on both sides, everything after it agrees too.
  const restShared = (h: number) => tb === tc && h === bl - tb && h === cl - tc;
  let head = Math.min(sideCountBelow(base, ends.head), sideCountBelow(cur, ends.head));
  while (!restShared(head) && head < bl && head < cl && sameRule(sideRule(base, head), sideRule(cur, head))) head++;
  if (restShared(head)) head = bl;
  let tail = Math.min(tb, tc, bl - head, cl - head);
  while (tail < bl - head && tail < cl - head && sameRule(sideRule(base, bl - 1 - tail), sideRule(cur, cl - 1 - tail))) tail++;
  // Nothing changed between the ends: decided on positions alone, without reading the rules.
  if (head === bl - tail && head === cl - tail) return { found, classes };
  const bMid: OpencodeRule[] = [];
  for (let i = head; i < bl - tail; i++) bMid.push(sideRule(base, i));
  const cMid: OpencodeRule[] = [];
  for (let i = head; i < cl - tail; i++) cMid.push(sideRule(cur, i));
  // `concat`, not spreads: the lists are empty on some edits, and an empty literal's array kind
  // differs from a list of rules, which made the optimized search bail out and be compiled anew.
  const mid = bMid.concat(cMid);
  if (mid.length === 0) return { found, classes };
  // Only words a middle rule matches can differ, so a shared rule that provably meets no middle
  // rule never decides one of them: it is left out of the whole search (an edit of one rule among
  // thousands then searches a handful). On the words searched, the lists decide as the full ones do.
  // The shared rules of the current version's end have the base's resource languages one for one.
  const meeting = reuse ? meetingPositions(base, mid) : base.rules.flatMap((r, j) => (mid.every((m) => provablyDisjoint(m.resourcePattern, r.resourcePattern)) ? [] : [j]));
  const bEndAt = bl - tail;
  const cEndAt = cl - tail;
  const start: OpencodeRule[] = [];
  const bEnd: OpencodeRule[] = [];
  const cEnd: OpencodeRule[] = [];
  for (const j of meeting) {
    if (j < head) start.push(sideRule(base, j));
    else if (j >= bEndAt) {
      bEnd.push(sideRule(base, j));
      cEnd.push(sideRule(cur, j - bEndAt + cEndAt));
    }
  }
  // Positions are not needed past this point.
  base = { rules: start.concat(bMid, bEnd), at: [] };
  cur = { rules: start.concat(cMid, cEnd), at: [] };
  const searched = { base, cur };
  head = start.length;
  tail = bEnd.length;
  // Only words no shared end rule matches can differ: their decisions come from a middle or the
  // shared start — from its last rule matching everything on, or the default when none does.
  let from = 0;
  for (let i = start.length - 1; i >= 0 && from === 0; i--) if (isUniversal(start[i].resourcePattern)) from = i;
  const universal = start.length > 0 && isUniversal(start[from].resourcePattern);
  const possible = possiblePairs(start.slice(from), universal, bMid, cMid);
  const complete = () => found.size >= possible.size;
  const note = (resource: string) => {
    if (!mid.some((r) => matchesPattern(r.resourcePattern, resource))) return;
    const br = lastMatch(base.rules, resource);
    const cr = lastMatch(cur.rules, resource);
    const a = decisionOf(br);
    const b = decisionOf(cr);
    if (a === b) return;
    if (!found.has(pairKey(a, b))) found.set(pairKey(a, b), resource);
    const cls = classKey(a, b, br, cr);
    if (!classes.has(cls) && classes.size < MAX_CLASSES_PER_ACTION) classes.set(cls, resource);
  };
  const everyRule = base.rules.concat(cur.rules);
  // Each candidate is decided against every rule of both versions: the loops pause between
  // candidates and read the clock there (a file of thousands of rules has thousands of them).
  try {
    deadline.check();
    for (const r of everyRule) {
      if (complete()) break;
      for (const f of fillsOf(r.resourcePattern)) if (!complete()) note(f);
      deadline.check();
      yield;
    }
    for (const r of COMMON_RESOURCES) note(r);
    for (const m of mid) {
      for (const o of everyRule) {
        if (complete()) break;
        for (const f of meetsOf(m.resourcePattern, o.resourcePattern)) note(f);
        deadline.check();
        yield;
      }
    }
    deadline.check();
    if (!complete() && !(reuse && onlyAlignedPairsLeft(bMid, cMid, found))) yield* walkPairs(base, cur, head, tail, found, cache, deadline, preferred);
  } catch (e) {
    if (!(e instanceof BudgetExceeded)) throw e;
    return { found, classes, budget: e, searched };
  }
  // Every pair is known; now each distinct class of resources that flips, not just one per pair:
  // only resources a changed rule matches can differ, so the changed rules' fills and their
  // overlaps with the others are tried. Best effort within the file's time: the pairs are complete.
  try {
    for (const m of mid) for (const f of fillsOf(m.resourcePattern)) note(f);
    for (const m of mid) {
      deadline.check();
      for (const o of everyRule) {
        if (classes.size >= MAX_CLASSES_PER_ACTION) break;
        for (const f of meetsOf(m.resourcePattern, o.resourcePattern)) note(f);
        deadline.check();
        yield;
      }
    }
  } catch (e) {
    if (!(e instanceof BudgetExceeded)) throw e;
    return { found, classes, classesCut: true, searched };
  }
  return { found, classes, searched };
}

/**
 * The (before, after) decision pairs a word can show: each version decides by one of its middle
 * rules, a shared start rule from `shared` on, or the default when no shared rule takes every word.
 */
function possiblePairs(shared: readonly OpencodeRule[], universal: boolean, bMid: readonly OpencodeRule[], cMid: readonly OpencodeRule[]): Set<string> {
  const side = (mid: readonly OpencodeRule[]) => {
    const out = new Set<Decision>();
    if (!universal) out.add(DEFAULT_EFFECT);
    for (let i = 0; i < shared.length; i++) out.add(shared[i].decision);
    for (let i = 0; i < mid.length; i++) out.add(mid[i].decision);
    return out;
  };
  const possible = new Set<string>();
  for (const x of side(bMid)) for (const y of side(cMid)) if (x !== y) possible.add(pairKey(x, y));
  return possible;
}

/**
 * Whether every decision pair the middles could still show is found already, when the two middles
 * are the same resource languages one for one (an edit of effects only): a word then meets the
 * same last middle rule in both versions, so its pair is that rule's (before, after) or none.
 */
function onlyAlignedPairsLeft(bMid: readonly OpencodeRule[], cMid: readonly OpencodeRule[], found: Map<string, string>): boolean {
  if (bMid.length !== cMid.length) return false;
  for (let i = 0; i < bMid.length; i++) {
    if (!sameLanguage(bMid[i].resourcePattern, cMid[i].resourcePattern)) return false;
    if (bMid[i].decision !== cMid[i].decision && !found.has(pairKey(bMid[i].decision, cMid[i].decision))) return false;
  }
  return true;
}

/** `fills` and `meets` per pattern object: parses share unchanged patterns, so an edit asks few anew. */
const FILLS = new WeakMap<Wildcard, string[]>();
const MEETS = new WeakMap<Wildcard, WeakMap<Wildcard, string[]>>();

function fillsOf(w: Wildcard): string[] {
  let f = FILLS.get(w);
  if (!f) FILLS.set(w, (f = fills(w)));
  return f;
}

function meetsOf(a: Wildcard, b: Wildcard): string[] {
  let byB = MEETS.get(a);
  if (!byB) MEETS.set(a, (byB = new WeakMap()));
  let m = byB.get(b);
  if (!m) byB.set(b, (m = meets(a, b)));
  return m;
}

/** A resource class: the decisions and the rules deciding it in each version. */
function classKey(a: Decision, b: Decision, br: OpencodeRule | null, cr: OpencodeRule | null): string {
  return `${pairKey(a, b)}|${br?.index ?? -1}|${cr?.index ?? -1}`;
}

/**
 * The exact part of `pairsFor`: one walk over the resource automata of both versions, recording
 * each decision pair not yet found. A state is left unexpanded once every pair its continuations
 * could still show is known: per version, those are the decisions of the rules still alive there,
 * down to the first that accepts every continuation.
 */
function* walkPairs(base: Side, cur: Side, head: number, tail: number, found: Map<string, string>, cache: AutomataCache, deadline: Deadline, preferred: readonly number[]): Steps<void> {
  // Walk order, each group highest precedence first: shared end, base middle, current middle, shared start.
  const groups = [base.rules.slice(base.rules.length - tail).reverse(), base.rules.slice(head, base.rules.length - tail).reverse(), cur.rules.slice(head, cur.rules.length - tail).reverse(), base.rules.slice(0, head).reverse()];
  const list = groups.flat();
  const nfas: NFA[] = [];
  for (let i = 0; i < list.length; i++) {
    nfas.push(cache.nfa({ kind: 'one', w: list[i].resourcePattern }));
    // Each new automaton is built from its pattern (a long one in a fraction of a millisecond): a few thousand are not one step.
    if (i % NFA_BUILD_CHUNK === NFA_BUILD_CHUNK - 1) yield;
  }
  const [t, b, c] = [groups[0].length, groups[1].length, groups[2].length];
  const midEnd = t + b + c;
  const orders: Array<Array<[number, number]>> = [
    [[0, t], [t, t + b], [midEnd, list.length]],
    [[0, t], [t + b, midEnd], [midEnd, list.length]],
  ];
  // Decisions of the shared end are the same on both sides: they never make a pair, so options skip them.
  const unshared = orders.map((o) => o.slice(1));
  const first = (flags: readonly boolean[], order: Array<[number, number]>) => {
    for (const [lo, hi] of order) for (let i = lo; i < hi; i++) if (flags[i]) return i;
    return -1;
  };
  /** Decisions a version may still reach from this state. */
  const options = (s: WalkState, order: Array<[number, number]>) => {
    const out = new Set<Decision>();
    for (const [lo, hi] of order) for (let i = lo; i < hi; i++) {
      if (!s.present[i]) continue;
      out.add(list[i].decision);
      if (s.settled[i]) return out;
    }
    out.add(DEFAULT_EFFECT);
    return out;
  };
  yield* walkSteps(nfas, cache.facts, (s, path) => {
    if (first(s.settled, [[0, t]]) >= 0) return 'skip';
    if (s.accepting.includes(true) && first(s.accepting, [[0, t]]) < 0) {
      const bi = first(s.accepting, orders[0]);
      const ci = first(s.accepting, orders[1]);
      const a = bi < 0 ? DEFAULT_EFFECT : list[bi].decision;
      const d = ci < 0 ? DEFAULT_EFFECT : list[ci].decision;
      if (a !== d && !found.has(pairKey(a, d))) found.set(pairKey(a, d), wordFromSet(path(), preferred)[0]);
    }
    // Where no middle rule can match any more, both versions decide every continuation alike.
    if (first(s.present, [[t, midEnd]]) < 0) return 'skip';
    const before = options(s, unshared[0]);
    const after = options(s, unshared[1]);
    for (const x of before) for (const y of after) if (x !== y && !found.has(pairKey(x, y))) return 'expand';
    return 'skip';
  }, deadline);
}

function ref(r: OpencodeRule | null): RuleRef | null {
  return r ? { index: r.index, id: null, label: r.label } : null;
}

/**
 * The stored request that shows this very flip, if any: the same action (and agent), the same
 * decisions, and its subject decided by the same rules as the witness in both versions. A stored
 * flip of another action or another resource class shows something else and covers nothing here.
 */
function shownBy(known: readonly Flip[], action: string, agent: string | undefined, base: Side, cur: Side, before: Decision, after: Decision, resource: string): string | undefined {
  const wb = lastMatchOf(base, resource)?.index ?? null;
  const wc = lastMatchOf(cur, resource)?.index ?? null;
  return known.find((f) => {
    if (f.subject === null || f.before !== before || f.after !== after) return false;
    if (f.action === undefined || f.action !== action) return false;
    const br = lastMatchOf(base, f.subject);
    const cr = lastMatchOf(cur, f.subject);
    return decisionOf(br) === before && decisionOf(cr) === after && (br?.index ?? null) === wb && (cr?.index ?? null) === wc;
  })?.request;
}

/** `lastMatch` over a side, read entry by entry (a side read off the base's need not be built). */
function lastMatchOf(side: Side, resource: string): OpencodeRule | null {
  for (let i = sideLength(side) - 1; i >= 0; i--) {
    const r = sideRule(side, i);
    if (matchesPattern(r.resourcePattern, resource)) return r;
  }
  return null;
}

/**
 * An agent that adds no rule for this action decides it exactly as the top level: no second
 * search. Both sides are of one parse, so the same positions are the same rules.
 */
function sameSides(a: Side, b: Side): boolean {
  return samePositions(a, b);
}

/**
 * Witness flips between two OpenCode rule sets: one per distinct (agent, action class, resource
 * class) that flips — a resource class being the rules deciding it in each version — each a
 * single-resource request the real evaluator confirms; one a stored flip already shows is marked. Past
 * the analysis budget a note says the search is incomplete, so silence is never taken for safety.
 * `reuse` (the default) reads the current version's sides off the base's past the shared ends and
 * keeps what depends on the base alone across calls (the editor compares each keystroke with one
 * kept base parse); `false` searches from scratch, the reference the tests hold it to: the flips
 * and notes are the same.
 * @example findOpencodeWitnesses(base, withEditAllow, []).flips[0] // { request: 'edit secrets/a', before: 'deny', after: 'allow', … }
 */
export function findOpencodeWitnesses(base: OpencodeRuleSet, current: OpencodeRuleSet, known: Flip[], deadline = new Deadline(), reuse = true): { flips: Flip[]; notes: string[]; unsearched: string[] } {
  return finish(opencodeWitnessSteps(base, current, known, deadline, reuse));
}

/**
 * `findOpencodeWitnesses` as steps (see `Steps`): the same flips and notes, found a slice at a time.
 * @example finish(opencodeWitnessSteps(base, withEditAllow, [], new Deadline())).flips.length // 1
 */
export function* opencodeWitnessSteps(base: OpencodeRuleSet, current: OpencodeRuleSet, known: Flip[], deadline = new Deadline(), reuse = true): Steps<{ flips: Flip[]; notes: string[]; unsearched: string[] }> {
  const cache = sharedAutomataCache(OPENCODE_INPUTS, current.path);
  const ends = sharedEnds(base, current, reuse);
  const { chars, literals, actionPatterns: patterns } = unionFacts(base, current, reuse ? ends : undefined);
  const side = reuse ? sideFor : ownSide;
  const preferred = preferredOrder(chars);
  const notes: string[] = [];
  const agents: Array<string | undefined> = [undefined, ...new Set([...base.agents, ...current.agents])];
  let actions: string[];
  try {
    actions = yield* (reuse ? knownActionClasses : actionClasses)(patterns, literals, cache, deadline, preferred);
  } catch (e) {
    if (!(e instanceof BudgetExceeded)) throw e;
    actions = [...literals, FRESH_ACTIONS[0]];
    notes.push(`witness search covered only the actions the rules name (${reasonText(e)}): other actions may flip too`);
  }
  const byPair = new Map<string, Found[]>();
  const skipped: string[] = [];
  const cutClasses: string[] = [];
  const acrossAgents = new Set<string>();
  let skippedWhy: BudgetExceeded | undefined;
  // Reusing, a side no changed rule is in is left out before it is built (its search would end on
  // positions alone, with nothing found): an edit of one rule touches one or two of a hundred sides.
  const changed = reuse ? changedRules(base, current, ends) : undefined;
  for (const agent of agents) {
    for (const action of actions) {
      if (changed && !anyInSide(changed, agent, action)) continue;
      const b = side(base, agent, action);
      const c = side(current, agent, action);
      if (sideLength(b) === 0 && sideLength(c) === 0) continue;
      if (agent !== undefined && sameSides(b, side(base, undefined, action)) && sameSides(c, side(current, undefined, action))) continue;
      const { found: pairs, classes, budget, classesCut, searched } = yield* pairsFor(b, c, ends, cache, deadline, preferred, reuse);
      if (classesCut) cutClasses.push(`"${action}"${agent !== undefined ? ` (agent ${agent})` : ''}`);
      if (budget) {
        skipped.push(`"${action}"${agent !== undefined ? ` (agent ${agent})` : ''}`);
        skippedWhy ??= budget;
      }
      // Each distinct resource class once: the pair's witness, then every other class met. The
      // same class flipping by the same rules for several agents is one flip (the first agent's).
      const seen = new Set<string>();
      for (const resource of [...pairs.values(), ...classes.values()]) {
        const br = lastMatch((searched?.base ?? b).rules, resource);
        const cr = lastMatch((searched?.cur ?? c).rules, resource);
        const before = decisionOf(br);
        const after = decisionOf(cr);
        const key = classKey(before, after, br, cr);
        if (before === after || seen.has(key) || acrossAgents.has(`${action}|${key}`)) continue;
        seen.add(key);
        acrossAgents.add(`${action}|${key}`);
        const f: Found = { action, agent, resource, before, after, beforeRule: br, afterRule: cr, covered: shownBy(known, action, agent, b, c, before, after, resource) };
        byPair.set(pairKey(before, after), [...(byPair.get(pairKey(before, after)) ?? []), f]);
        yield;
      }
      yield;
    }
  }
  if (skipped.length > 0) {
    const named = skipped.slice(0, MAX_NAMED_ACTIONS).join(', ');
    const more = skipped.length > MAX_NAMED_ACTIONS ? ` and ${skipped.length - MAX_NAMED_ACTIONS} more` : '';
    notes.push(`witness search incomplete for ${named}${more} (${reasonText(skippedWhy!)}): decisions there may flip beyond what is listed`);
  }
  if (cutClasses.length > 0) {
    notes.push(`every kind of flip is listed for ${cutClasses.slice(0, MAX_NAMED_ACTIONS).join(', ')}${cutClasses.length > MAX_NAMED_ACTIONS ? ` and ${cutClasses.length - MAX_NAMED_ACTIONS} more` : ''}, but the time limit stopped the search for more resources flipping by other rules`);
  }
  const flips: Flip[] = [];
  for (const [a, d] of PAIR_ORDER) {
    // Every distinct (agent, action class, resource class) flip: a budget counts each one. One a
    // stored request already shows is listed, marked, and not counted twice.
    for (const f of byPair.get(pairKey(a, d)) ?? []) flips.push(toFlip(f));
  }
  // Every budget note says what was not searched: a budgeted diff fails on it.
  return { flips: sortFlips(flips), notes, unsearched: [...notes] };
}

function toFlip(f: Found): Flip {
  const witness: OpencodeRequest = { action: f.action, resources: [f.resource] };
  if (f.agent !== undefined) witness.agent = f.agent;
  return {
    kind: 'witness',
    request: `${f.action} ${f.resource}${f.agent !== undefined ? ` (agent ${f.agent})` : ''}`,
    subject: f.resource,
    before: f.before,
    after: f.after,
    beforeRule: ref(f.beforeRule),
    afterRule: ref(f.afterRule),
    ...(f.afterRule ? { afterRange: f.afterRule.range } : {}),
    direction: direction(f.before, f.after),
    witness,
    ...(f.covered !== undefined ? { coveredBy: f.covered } : {}),
    action: f.action,
    ...(f.agent !== undefined ? { agent: f.agent } : {}),
  };
}

function reasonText(e: BudgetExceeded): string {
  return e.reason === 'time' ? 'time limit reached' : e.reason === 'memory' ? 'memory limit reached' : e.reason === 'states' ? 'automaton state limit reached' : `a pattern too large to analyse: ${PATTERN_LIMITS}`;
}
