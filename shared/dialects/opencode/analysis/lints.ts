import type { Atom, Wildcard } from '../../../patterns/wildcard';
import { clipText, type Decision, type Finding } from '../../../model';
import { codeFileWrite } from '../command-lints';
import type { LintContext } from '../../dialect';
import type { OpencodeRequest, OpencodeRule, OpencodeRuleSet } from '../rules';
import { evaluateOpencode, rulesFor } from '../evaluate';
import { STRING_ONLY_KEYS } from '../drafts';
import { isUniversal, matchesPattern } from '../../../patterns/wildcard';
import { AutomataCache, alphabetWithout, sharedAutomataCache, type Language } from '../../../analysis/automata';
import { BudgetExceeded, Deadline } from '../../../analysis/budget';
import { PATTERN_LIMITS } from '../../../analysis/classes';
import { finish, type Steps } from '../../../analysis/steps';
import { analyzeEntry, coverageSteps, CoverageMemo, includedIn, OVERLAP_PAIRS_CHUNK, overlappingLowerSteps, type CoverageOptions, type Decider, type Entry, type Outcome } from '../../../analysis/coverage';
import { pairPrefix, pairSuffix } from '../../../analysis/keys';
import { budgetFinding, deadFinding, overriddenFinding, quote, relatedRules, ruleName, MAX_NAMED } from '../../../analysis/report';
import { fills, firstFill, preferredOrder } from '../../../analysis/witness';
import { patternFacts } from './sides';

/** Stand-in action names for a wildcard action, after the file's own literal actions. */
const COMMON_ACTIONS = ['edit', 'bash', 'read'];
/** Action × resource stand-ins tried per rule before automata decide. */
const MAX_ACTION_FILLS = 3;
const MAX_RESOURCE_FILLS = 4;

/** OpenCode turns backslashes into `/` in every input before matching: no input holds one. */
const OPENCODE_INPUTS = alphabetWithout('\\');

/** @example renderOpencode(['edit', 'secrets/a']) // 'edit secrets/a' */
export function renderOpencode(parts: readonly string[]): string {
  return `${parts[0]} ${parts[1]}`;
}

function knownActions(rs: OpencodeRuleSet): string[] {
  // The file's literal actions are listed once per parse, with the witness search's other facts.
  return [...new Set([...patternFacts(rs).literals, ...COMMON_ACTIONS])];
}

/** Pairs kept per resource pattern (a pattern such as `*` goes with many actions). */
const MAX_SHAPES_PER_PATTERN = 64;
/** Files whose entries are remembered: an edited file keeps its own, a run over many files keeps a few. */
const REMEMBERED_FILES = 4;
/** Rules whose findings are made between pauses of the lints (see `Steps`). */
export const FINDINGS_CHUNK = 256;

/**
 * What an entry derives from its pattern pair alone (and the file's known actions, `actions`:
 * joined by U+0000): its language, membership test, overlap keys and stand-in requests. Kept per
 * pair of pattern objects (each compiles to its matcher once): the parses of a file share its unchanged patterns (see the
 * parser's pattern pool), so an edit finds most. Stand-ins and the language are built on first
 * use: most rules of a large file overlap no other, and one stand-in settles them (`first`).
 */
class PairShape {
  private all: string[][] | undefined;
  private language: Language | undefined;
  readonly prefix: string;
  private ending: string | undefined = undefined;

  constructor(readonly actions: string, private readonly list: readonly string[], readonly a: Wildcard, readonly b: Wildcard) {
    this.prefix = pairPrefix(a, b);
  }

  /** Read only when another entry's prefix meets this one's: most entries of a large file meet none. */
  get suffix(): string {
    return (this.ending ??= pairSuffix(this.a, this.b));
  }

  get lang(): Language {
    return (this.language ??= { kind: 'pair', a: this.a, b: this.b });
  }

  test(parts: readonly string[]): boolean {
    return matchesPattern(this.a, parts[0]) && matchesPattern(this.b, parts[1]);
  }

  /** Action × resource stand-ins, action first. */
  get fills(): string[][] {
    if (this.all) return this.all;
    const as = actionFills(this.a, this.list, this.actions);
    const bs = resourceFills(this.b);
    const pairs: string[][] = [];
    for (const a of as) for (const b of bs) pairs.push([a, b]);
    return (this.all = pairs);
  }

  /** Kept on a pattern object, which rules serialize: nothing of this is written (it points back at the pattern). */
  toJSON(): undefined {
    return undefined;
  }

  /** `fills[0]`, without listing the others. */
  first(): string[] | undefined {
    if (this.all) return this.all[0];
    const a = actionFills(this.a, this.list, this.actions)[0];
    const b = firstFill(this.b);
    return a === undefined || b === undefined ? undefined : [a, b];
  }

  /** `test(first())`, without making the pair: thousands of rules are settled by it. */
  firstLives(): boolean {
    if (this.all) return this.all.length > 0 && this.test(this.all[0]);
    const a = actionFills(this.a, this.list, this.actions)[0];
    if (a === undefined || !matchesPattern(this.a, a)) return false;
    // The resource's first stand-in is made from its first alternative; when that is a literal,
    // a star, or a literal and a final star, the pattern plainly matches it, and it is not made
    // (nor flattened to be matched): thousands of rules of a file just opened are settled here.
    if (plainlyFilled(this.b.alts[0])) return true;
    const b = firstFill(this.b);
    return b !== undefined && matchesPattern(this.b, b);
  }
}

/** An alternative its first stand-in plainly belongs to: `lit`, `*` or `lit*` (see `firstFill`). */
function plainlyFilled(alt: readonly Atom[] | undefined): boolean {
  if (alt === undefined || alt.length === 0 || alt.length > 2) return false;
  const x = alt[0];
  if (alt.length === 1) return x.t === 'lit' || x.t === 'star';
  return x.t === 'lit' && alt[1].t === 'star';
}

/** A resource pattern's shapes (its `shapes` slot): one, or a list when it goes with several actions (`*`). */
const shapesOfPattern = (w: Wildcard) => w.shapes as PairShape | PairShape[] | undefined;

/** What the analyser keeps of one file between its analyses: each view's last coverage. */
interface FileMemory {
  views: Map<string | null, CoverageMemo>;
}
const memoryByFile = new Map<string, FileMemory>();

/** The file's own memory; the least recently analysed file's is dropped past a few. */
function memoryOf(file: string): FileMemory {
  let hit = memoryByFile.get(file);
  if (hit) memoryByFile.delete(file);
  else hit = { views: new Map() };
  memoryByFile.set(file, hit);
  if (memoryByFile.size > REMEMBERED_FILES) memoryByFile.delete(memoryByFile.keys().next().value!);
  return hit;
}

/**
 * Forgets what is kept of files between analyses (the last coverage per view): the next analysis
 * of any file starts over, as in a new process, except for parts kept on pattern objects (a
 * function of the pattern alone). For tests and benchmarks that want a complete analysis.
 * @example forgetOpencodeAnalyses(); analyzeOpencode(rs) // computed from scratch
 */
export function forgetOpencodeAnalyses(): void {
  memoryByFile.clear();
}

/** Each action pattern's fills per list of known actions: a file's thousands of rules share a handful of action patterns. */
const ACTION_FILLS = new WeakMap<Wildcard, { actionsKey: string; fills: string[] }>();

function actionFills(w: Wildcard, actions: readonly string[], actionsKey: string): string[] {
  const hit = ACTION_FILLS.get(w);
  if (hit && hit.actionsKey === actionsKey) return hit.fills;
  const out = fills(w, actions).slice(0, MAX_ACTION_FILLS);
  ACTION_FILLS.set(w, { actionsKey, fills: out });
  return out;
}

function resourceFills(w: Wildcard): string[] {
  const all = fills(w);
  return all.length > MAX_RESOURCE_FILLS ? all.slice(0, MAX_RESOURCE_FILLS) : all;
}

/** The rule's pair shape: re-parses share unchanged rules' pattern and matcher objects, so an edit finds most. */
function shapeOf(r: OpencodeRule, actions: readonly string[], actionsKey: string): PairShape {
  const kept = shapesOfPattern(r.resourcePattern);
  const list = kept === undefined ? undefined : kept instanceof PairShape ? [kept] : kept;
  let at = -1;
  if (list) for (let i = 0; i < list.length && at < 0; i++) if (list[i].a === r.actionPattern) at = i;
  if (at >= 0 && list![at].actions === actionsKey) return list![at];
  const shape = new PairShape(actionsKey, actions, r.actionPattern, r.resourcePattern);
  if (!list) r.resourcePattern.shapes = shape;
  else {
    // Another list of known actions makes another shape: its stand-ins, and so its key, differ.
    if (at >= 0) list[at] = shape;
    else {
      if (list.length >= MAX_SHAPES_PER_PATTERN) list.shift();
      list.push(shape);
    }
    r.resourcePattern.shapes = list.length === 1 ? list[0] : list;
  }
  return shape;
}

/** A rule as the coverage engine sees it: its decision and its pattern pair's shape. */
class OpencodeEntry implements Entry {
  /** `key`: the same shape, the same atoms on both sides, hence the same language and matchers. */
  constructor(readonly rule: number, readonly decision: Decision, readonly key: PairShape) {}

  // Read from the shape, not copied: a file has an entry per rule and view.
  get prefix(): string {
    return this.key.prefix;
  }
  get suffix(): string {
    return this.key.suffix;
  }

  get lang(): Language {
    return this.key.lang;
  }

  test(parts: readonly string[]): boolean {
    return this.key.test(parts);
  }

  get fills(): string[][] {
    return this.key.fills;
  }

  firstFill(): string[] | undefined {
    return this.key.first();
  }

  get standIns(): PairShape {
    return this.key;
  }
}

function entryOf(r: OpencodeRule, actions: readonly string[], actionsKey: string): Entry {
  return new OpencodeEntry(r.index, r.decision, shapeOf(r, actions, actionsKey));
}

/** A view: the rules one kind of request sees, in precedence order (last match first). */
interface View {
  agent: string | null;
  entries: Entry[];
}

function viewsOf(rs: OpencodeRuleSet, actions: readonly string[]): View[] {
  const entries: Array<Entry | undefined> = new Array(rs.rules.length);
  const actionsKey = actions.join('\u0000');
  const entry = (r: OpencodeRule) => (entries[r.index] ??= entryOf(r, actions, actionsKey));
  const views: View[] = [{ agent: null, entries: rulesFor(rs, undefined).map(entry).reverse() }];
  // Only agents with rules written in the file can hold a finding; built-in agents alone cannot.
  for (const agent of rs.agents) if (rs.rules.some((r) => r.agent === agent && r.layer === undefined)) views.push({ agent, entries: rulesFor(rs, agent).map(entry).reverse() });
  return views;
}

/** Whether to look for a request an entry loses: for denies. One function for every analysis, so the coverage engine's calls keep one target. */
const lossOfDenies = (e: Entry): boolean => e.decision === 'deny';
const NO_LOSS = (): boolean => false;

function coverageOptions(rs: OpencodeRuleSet, deadline: Deadline, cache: AutomataCache): CoverageOptions {
  return {
    wantLoss: lossOfDenies,
    deadline,
    cache,
    // The parse's literal characters are listed once per parse and shared with the witness search.
    preferred: preferredOrder(patternFacts(rs).chars),
  };
}

/**
 * Exact coverage findings for an OpenCode rule set: `shadowed-deny`, `overridden-deny`,
 * `dead-rule`, `broad-catch-all`, and at most one `analysis-budget`. Top-level rules are judged in
 * the top-level view; each agent's rules in that agent's view (top-level rules, then its own).
 * @example analyzeOpencode(parseOpencode({ path: 'opencode.json', text })).map((f) => f.code)
 */
export function analyzeOpencode(rs: OpencodeRuleSet, ctx: LintContext = {}, deadline = new Deadline()): Finding[] {
  return finish(opencodeAnalysisSteps(rs, ctx, deadline));
}

/**
 * `analyzeOpencode` as steps (see `Steps`): the same findings, a rule at a time.
 * @example finish(opencodeAnalysisSteps(parseOpencode(file), {}, new Deadline())).map((f) => f.code)
 */
export function* opencodeAnalysisSteps(rs: OpencodeRuleSet, ctx: LintContext = {}, deadline = new Deadline()): Steps<Finding[]> {
  const out: Finding[] = [];
  const cache = sharedAutomataCache(OPENCODE_INPUTS, rs.path);
  const opts = coverageOptions(rs, deadline, cache);
  const actions = knownActions(rs);
  const budget: Array<{ rule: number; reason: string }> = [];
  const memory = memoryOf(rs.path);
  const views = viewsOf(rs, actions);
  // A top-level deny several agents take over is one finding, every agent named.
  const takenOver = new Map<number, Finding>();
  for (const view of views) {
    let memo = memory.views.get(view.agent);
    if (!memo) memory.views.set(view.agent, (memo = new CoverageMemo()));
    const outcomes = yield* coverageSteps(view.entries, opts, memo);
    const settle = (e: (typeof view.entries)[number], pos: number): void => {
      const r = rs.rules[e.rule];
      // Rules of the built-in layers are context, never the subject of a finding.
      const mine = r.layer === undefined && (view.agent === null ? r.agent === null : r.agent === view.agent);
      const o = outcomes[pos];
      if (o.status === 'budget') {
        if (mine) budget.push({ rule: r.index, reason: o.reason });
        return;
      }
      if (mine) out.push(...ruleFindings(rs, r, o));
      else if (r.layer === undefined && r.decision === 'deny' && o.status === 'dead') {
        // A top-level deny an agent's own rules take over: that agent runs without it, which is
        // easy to miss in a long file — a warning.
        // The agent's own rule for the very same action and pattern is an exception written on purpose.
        if (o.deciders.every((d) => rs.rules[d.rule].action === r.action && rs.rules[d.rule].resource === r.resource)) return;
        const f = deadFinding(rs.rules, r, o.deciders, renderOpencode, 'the agent\'s rules', r.range);
        if (f.code !== 'shadowed-deny') return;
        const prev = takenOver.get(r.index);
        if (prev) {
          (prev.data!.agents as string[]).push(view.agent!);
          prev.related!.push({ range: r.range, message: `agent "${view.agent}" runs without it too` });
          prev.message = agentsHeadline(prev.data!.agents as string[], r, o.deciders, rs);
          return;
        }
        const merged: Finding = { ...f, code: 'overridden-deny', severity: 'warning', unnecessary: undefined, message: agentsHeadline([view.agent!], r, o.deciders, rs), related: [...(f.related ?? [])], data: { ...f.data, agents: [view.agent!] } };
        takenOver.set(r.index, merged);
        out.push(merged);
      }
    };
    for (let pos = 0; pos < view.entries.length; pos++) {
      settle(view.entries[pos], pos);
      // A finding is a few strings and ranges; thousands of them are not one step.
      if (pos % FINDINGS_CHUNK === FINDINGS_CHUNK - 1) yield;
    }
    out.push(...(yield* catchAllFindings(rs, view, cache, ctx, budget, deadline)));
  }
  if (budget.length > 0) {
    const first = budget.reduce((a, b) => (a.rule <= b.rule ? a : b));
    const rules = new Set(budget.map((b) => b.rule));
    out.push(budgetFinding(rs.rules[first.rule], rules.size, first.reason === 'time' ? 'time limit reached' : first.reason === 'memory' ? 'memory limit reached' : first.reason === 'states' ? 'automaton state limit reached' : `a pattern too large to analyse: ${PATTERN_LIMITS}`));
  }
  return out.sort((a, b) => ruleOf(a) - ruleOf(b));
}

/**
 * The headline of a top-level deny that agents' own rules take over: who runs without it first.
 * @example agentsHeadline(['build'], rule, deciders, rs) // 'Agent "build" runs without bash "rm *" deny: bash "*" ask decides `rm x`'
 */
function agentsHeadline(agents: readonly string[], r: OpencodeRule, deciders: readonly Decider[], rs: OpencodeRuleSet): string {
  const who = agents.length === 1 ? `Agent "${agents[0]}" runs` : `Agents ${agents.map((a) => `"${a}"`).join(', ')} run`;
  const d = deciders.find((x) => x.decision !== 'deny') ?? deciders[0];
  const taker = d ? `: ${shortName(rs.rules[d.rule])} decides ${quote(d.witness[1])}` : '';
  return `${who} without ${shortName(r)}${taker}`;
}

/** A rule as a headline names it: action, pattern, decision (`bash "rm -rf *" deny`). */
function shortName(r: OpencodeRule): string {
  return `${r.action} "${clipText(r.resource, 32)}" ${r.decision}`;
}

function ruleOf(f: Finding): number {
  const r = f.data?.rule;
  return typeof r === 'number' ? r : -1;
}

function ruleFindings(rs: OpencodeRuleSet, r: OpencodeRule, o: Outcome): Finding[] {
  if (o.status === 'dead') return [deadFinding(rs.rules, r, o.deciders, renderOpencode, 'later rules')];
  if (o.status === 'live' && o.lost && r.decision === 'deny') return [overriddenFinding(rs.rules, r, o.witness, o.lost, renderOpencode)];
  return [];
}

/** V1 keys that only take a decision string necessarily cover every resource: no narrower form exists. */
function necessarilyBroad(r: OpencodeRule): boolean {
  return r.form === 'v1' && STRING_ONLY_KEYS.includes(r.action);
}

/** Actions that only read or keep notes: an allow of all of them decides nothing risky. */
const HARMLESS_ACTIONS = new Set(['read', 'glob', 'grep', 'list', 'lsp', 'todoread', 'todowrite', 'codesearch', 'websearch', 'skill', 'task', 'question']);
/** Actions that reach outside without changing anything here: worth knowing, not a warning. */
const OUTWARD_ACTIONS = new Set(['webfetch', 'external_directory']);

function catchAllRisk(r: OpencodeRule, allActions: boolean): 'warning' | 'information' | undefined {
  if (allActions) return 'warning';
  if (HARMLESS_ACTIONS.has(r.action)) return undefined;
  return OUTWARD_ACTIONS.has(r.action) ? 'information' : 'warning';
}

function* catchAllFindings(rs: OpencodeRuleSet, view: View, cache: AutomataCache, ctx: LintContext, budget: Array<{ rule: number; reason: string }>, deadline: Deadline): Steps<Finding[]> {
  const out: Finding[] = [];
  for (let pos = 0; pos < view.entries.length; pos++) {
    // Most rules are neither the view's own nor universal: no generator is made for them.
    if (!catchAllCandidate(rs, view, pos)) continue;
    const found = yield* catchAllFinding(rs, view, pos, cache, ctx, budget, deadline);
    if (found) {
      out.push(found);
      yield;
    }
  }
  return out;
}

/** Whether the rule at `pos` is the view's own and universal in its action or its resource. */
function catchAllCandidate(rs: OpencodeRuleSet, view: View, pos: number): boolean {
  const r = rs.rules[view.entries[pos].rule];
  const mine = r.layer === undefined && (view.agent === null ? r.agent === null : r.agent === view.agent);
  return mine && (isUniversal(r.actionPattern) || isUniversal(r.resourcePattern));
}

/** The `broad-catch-all` finding of the rule at `pos` of the view (a `catchAllCandidate`), if it is one. */
function* catchAllFinding(rs: OpencodeRuleSet, view: View, pos: number, cache: AutomataCache, ctx: LintContext, budget: Array<{ rule: number; reason: string }>, deadline: Deadline): Steps<Finding | undefined> {
  const r = rs.rules[view.entries[pos].rule];
  const allActions = isUniversal(r.actionPattern);
  const allResources = isUniversal(r.resourcePattern);
  let overridden: OpencodeRule[];
  try {
    // A broader earlier rule that this one carves an exception from is not "overridden specific" work.
    const lower = yield* overlappingLowerSteps(view.entries, pos, cache, deadline);
    const kept: number[] = [];
    for (let i = 0; i < lower.length; i++) {
      if (!includedIn(view.entries[pos], view.entries[lower[i]], cache, deadline)) kept.push(lower[i]);
      if (i % OVERLAP_PAIRS_CHUNK === OVERLAP_PAIRS_CHUNK - 1) yield;
    }
    overridden = kept
      .map((q) => rs.rules[view.entries[q].rule])
      // The user's own rules only: the agent's built-in layer is not work the user wrote and lost.
      .filter((o) => o.layer === undefined)
      .sort((a, b) => a.index - b.index);
  } catch (err) {
    if (err instanceof BudgetExceeded) {
      budget.push({ rule: r.index, reason: err.reason });
      return;
    }
    throw err;
  }
  // A legacy `tools.X: true` switches a tool on; unless it overrides a rule of the user's, it
  // restates what the agent already allows and is no catch-all the user wrote.
  if (r.tool !== undefined && r.decision === 'allow' && overridden.length === 0) return;
  // A deny or ask catch-all in an agent's own section tightens that agent: overriding the
  // inherited top-level rules is what it is for. The agent's own earlier rules it covers are
  // each a dead-rule finding, and top-level denies it takes over an overridden-deny: nothing
  // is left for this finding to say.
  if (r.decision !== 'allow' && r.agent !== null) return;
  const risk = catchAllRisk(r, allActions);
  const broadAllow = r.decision === 'allow' && (allActions || !necessarilyBroad(r)) && risk !== undefined;
  if (!broadAllow && overridden.length === 0) return;
  const code = broadAllow ? codeFileWrite(rs, r) : undefined;
  const what = allActions && allResources ? 'every action and every resource' : allActions ? `every action (for ${quote(r.resource)})` : `every ${r.action} resource`;
  let msg = `${ruleName(r)} matches ${what}`;
  // Last match wins: later rules take their part, so "allows it" would be false for that part.
  const later = view.entries.slice(0, pos).some((e) => allActions || rs.rules[e.rule].action === r.action);
  if (broadAllow) msg += later ? ' and allows whatever no later rule decides' : ' and allows it';
  if (overridden.length) {
    const names = overridden.slice(0, MAX_NAMED).map(ruleName).join(', ');
    const more = overridden.length > MAX_NAMED ? ` and ${overridden.length - MAX_NAMED} more` : '';
    msg += `; it overrides ${overridden.length} earlier rule${overridden.length === 1 ? '' : 's'}: ${names}${more}`;
  }
  const sets = requestsSetBy(rs, r, ctx);
  if (sets.length) msg += `; it sets the decision of stored request${sets.length === 1 ? '' : 's'} ${sets.map((s) => `"${s}"`).join(', ')}`;
  const related = relatedRules(overridden, () => 'overridden by this rule where both match');
  if (code) {
    // What the allow lets happen leads; what it matches and overrides follows.
    related.unshift({ range: r.range, message: msg }, { range: r.range, message: `why: ${code.reason}` });
    msg = `${code.consequence[0].toUpperCase()}${code.consequence.slice(1)}: ${ruleName(r)} allows writing ${quote(code.file)}`;
  }
  return {
    code: 'broad-catch-all',
    severity: overridden.length ? 'warning' : (risk ?? 'warning'),
    message: msg,
    range: r.range,
    related,
    ...(code ? { witness: code.file } : {}),
    data: { rule: r.index, overrides: overridden.map((o) => o.index), requests: sets, ...(code ? { claims: [{ request: code.req, decision: 'allow' }] } : {}) },
  };
}

/** Names of the stored requests this rule decides (it controls a resource and its decision is the verdict). */
function requestsSetBy(rs: OpencodeRuleSet, r: OpencodeRule, ctx: LintContext): string[] {
  const out: string[] = [];
  for (const stored of ctx.requests ?? []) {
    const req = stored.request as OpencodeRequest | undefined;
    if (!req || typeof req !== 'object' || typeof req.action !== 'string' || !Array.isArray(req.resources)) continue;
    try {
      const v = evaluateOpencode(rs, req, ctx);
      if (v.decision === r.decision && v.trace.sections.some((s) => s.controlling === r.index)) out.push(stored.name);
    } catch {
      // A request the evaluator rejects decides nothing here; the requests file reports it.
    }
  }
  return out;
}

/**
 * One request the rule decides in its own view (top-level, or its agent's), or undefined when it
 * decides none or the budget ran out.
 * @example opencodeWitness(rs, 2) // { action: 'edit', resources: ['secrets/a'] }
 */
export function opencodeWitness(rs: OpencodeRuleSet, ruleIndex: number, deadline = new Deadline()): OpencodeRequest | undefined {
  const r = rs.rules[ruleIndex];
  if (!r) return undefined;
  const view = rulesFor(rs, r.agent ?? undefined);
  const actions = knownActions(rs);
  const actionsKey = actions.join('\u0000');
  const entries = view.map((x) => entryOf(x, actions, actionsKey)).reverse();
  const pos = entries.findIndex((e) => e.rule === ruleIndex);
  const o = analyzeEntry(entries, pos, { ...coverageOptions(rs, deadline, new AutomataCache(OPENCODE_INPUTS)), wantLoss: NO_LOSS });
  if (o.status !== 'live') return undefined;
  const req: OpencodeRequest = { action: o.witness[0], resources: [o.witness[1]] };
  if (r.agent !== null) req.agent = r.agent;
  return req;
}
