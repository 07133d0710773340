import type { Decision, RuleRef, Trace, Verdict } from '../../model';
import { matcherOf, matches, matchesPattern, type CompiledWildcard, type Wildcard } from '../../patterns/wildcard';
import { evaluateOpencode } from './evaluate';
import { compileOpencode, normalizeInput } from './pattern';
import type { OpencodeRequest, OpencodeRule, OpencodeRuleSet } from './rules';
import { BoundedCache } from '../../compiled/bounded-cache';
import { PatternIndex } from '../../compiled/pattern-index';
import { sharedIndex } from '../../compiled/index-cache';
import { withLazyTrace } from '../../compiled/lazy-trace';
import type { SubjectOutcome } from '../../compiled/outcomes';
import { chooseAgent, refusedVerdict } from './agents';

/** Distinct action strings remembered per agent with the rule subset they select. */
export const MAX_CACHED_ACTIONS = 4096;
/** Subsets kept per rule set, one per distinct (agent, matching action patterns) pair. */
export const MAX_CACHED_SUBSETS = 64;

/** The rules one (agent, action) pair sees, indexed by resource pattern. */
interface Subset {
  /** Rule indices in evaluation order; position p in the index is rule `rules[p]`. */
  rules: Int32Array;
  /**
   * The resource pattern of rule `rules[p]`, whose matcher judges every candidate the index
   * proposes: compiled when first proposed, since most of a large file's never are.
   */
  patterns: Wildcard[];
  /** Shared by every parse with the same resource patterns in the same order (index-cache.ts). */
  index: PatternIndex;
}

const DEFAULT_EFFECT: Decision = 'ask';
/** The agent code of a top-level rule, seen by every agent. */
const EVERY_AGENT = -1;

/**
 * An OpenCode rule set prepared for many lookups: action patterns grouped and indexed once; for
 * each distinct subset of rules an action selects, a resource index found in the shared index
 * cache (unchanged subsets of an edited file keep theirs) or built on first use. Answers are those
 * of `evaluateOpencode`, which remains the reference.
 */
export class CompiledOpencode {
  readonly dialect = 'opencode' as const;
  private readonly groupOf: Int32Array;
  private readonly groupMatchers: CompiledWildcard[] = [];
  private readonly actionIndex: PatternIndex;
  /** Codes of the agents that have rules of their own; a rule's code is in `agentOf`. */
  private readonly agentCodes = new Map<string, number>();
  private readonly agentOf: Int32Array;
  /** Rule indices in the order OpenCode evaluates them. */
  private readonly order: Int32Array;
  /**
   * `ruleSet.rules`, read once: rule set objects differ in layout from parse to parse, so hot code
   * that reads through them keeps being re-optimized.
   */
  readonly rules: OpencodeRuleSet['rules'];
  /** Per agent code (top level: EVERY_AGENT), the subset each action string selects. */
  private readonly byAction = new Map<number, BoundedCache<string, Subset>>();
  private readonly bySubset = new BoundedCache<string, Subset>(MAX_CACHED_SUBSETS);

  /** @example new CompiledOpencode(parseOpencode(file)) */
  constructor(readonly ruleSet: OpencodeRuleSet) {
    const rules = (this.rules = ruleSet.rules);
    const groups = new Map<string, number>();
    const patterns = [];
    this.groupOf = new Int32Array(rules.length);
    this.agentOf = new Int32Array(rules.length);
    for (let i = 0; i < rules.length; i++) {
      const r = rules[i];
      let g = groups.get(r.action);
      if (g === undefined) {
        g = patterns.length;
        groups.set(r.action, g);
        patterns.push(r.actionPattern);
        this.groupMatchers.push(matcherOf(r.actionPattern));
      }
      this.groupOf[r.index] = g;
      let a = EVERY_AGENT;
      if (r.agent !== null) {
        a = this.agentCodes.get(r.agent) ?? this.agentCodes.size;
        if (a === this.agentCodes.size) this.agentCodes.set(r.agent, a);
      }
      this.agentOf[r.index] = a;
    }
    this.actionIndex = new PatternIndex(patterns);
    this.order = ruleSet.order ? Int32Array.from(ruleSet.order) : Int32Array.from(rules, (r) => r.index);
  }

  /**
   * The rule that controls one (already normalized) resource under last match, or -1 when no
   * configured rule matches: what the reference scan's `controlling` is.
   * @example compiled.lastMatch('edit', 'secrets/a') // 2
   */
  lastMatch(action: string, resource: string, agent?: string): number {
    return lastIn(this.subsetFor(action, agent), resource);
  }

  /** The rules `action` selects for `agent`, in evaluation order, with their resource index. */
  subsetFor(action: string, agent: string | undefined): Subset {
    const code = agent === undefined ? EVERY_AGENT : this.agentCodes.get(agent) ?? EVERY_AGENT;
    let actions = this.byAction.get(code);
    if (!actions) this.byAction.set(code, (actions = new BoundedCache(MAX_CACHED_ACTIONS)));
    const hit = actions.get(action);
    if (hit) return hit;
    const groups = this.actionIndex.candidates(action).filter((g) => matches(this.groupMatchers[g], action));
    return actions.set(action, this.bySubset.getOrSet(`${code} ${groups.join(',')}`, () => this.buildSubset(groups, code)));
  }

  private buildSubset(groups: number[], agent: number): Subset {
    const selected = new Uint8Array(this.groupMatchers.length);
    for (const g of groups) selected[g] = 1;
    const { order, agentOf, groupOf } = this;
    const picked: number[] = [];
    for (let k = 0; k < order.length; k++) {
      const i = order[k];
      const a = agentOf[i];
      if ((a === EVERY_AGENT || a === agent) && selected[groupOf[i]] === 1) picked.push(i);
    }
    const rules = this.rules;
    const patterns = picked.map((i) => rules[i].resourcePattern);
    return { rules: Int32Array.from(picked), patterns, index: sharedIndex(patterns) };
  }
}

/** The position-mapped last match in one subset: the controlling rule's index, or -1. */
function lastIn(s: Subset, resource: string): number {
  const ps = s.patterns;
  const p = s.index.last(resource, (q) => matchesPattern(ps[q], resource));
  return p < 0 ? -1 : s.rules[p];
}

function ruleRef(rules: readonly OpencodeRule[], index: number): RuleRef | null {
  const r = index >= 0 ? rules[index] : undefined;
  return r ? { index: r.index, id: null, label: r.label } : null;
}

/** Saved "always" approvals, compiled per request as the reference does; they sit after every rule. */
function savedMatchers(saved: NonNullable<OpencodeRequest['saved']>): Array<{ action: CompiledWildcard; resource: CompiledWildcard }> {
  return saved.map((s) => ({ action: compileOpencode(s.action), resource: compileOpencode(s.resource) }));
}

/**
 * OpenCode's decision through the compiled form: the same decision, native value, code, deciding
 * rule and details as `evaluateOpencode`, with the reference trace built only when read. `agent`
 * is the agent the request runs as (the gate's choice, `agents.ts`); the trace is the reference's
 * for the request as given, so it says how that agent was chosen.
 * @example evaluateCompiledOpencode(new CompiledOpencode(rs), { action: 'edit', resources: ['secrets/a'] }).decision // 'deny'
 */
export function evaluateCompiledOpencode(c: CompiledOpencode, req: OpencodeRequest, agent: string | undefined = req.agent): Verdict {
  const rs = c.ruleSet;
  const trace = (): Trace => evaluateOpencode(rs, req).trace;
  const n = req.resources.length;
  if (n === 0) {
    return withLazyTrace({ decision: 'allow', native: 'allow', code: null, rule: null, details: { branch: 'empty-resources' } }, trace, []);
  }
  const rules = c.rules;
  const subset = c.subsetFor(normalizeInput(req.action), agent);
  const resources = new Array<string>(n);
  // Per resource: the controlling rule, configured rules first (rules.length + i: saved approval i).
  const controlling = new Array<number>(n);
  let denied = -1;
  for (let k = 0; k < n; k++) {
    const resource = normalizeInput(req.resources[k]);
    const i = lastIn(subset, resource);
    resources[k] = resource;
    controlling[k] = i;
    if (denied < 0 && i >= 0 && rules[i].decision === 'deny') denied = k;
  }
  if (denied >= 0) {
    return withLazyTrace({ decision: 'deny', native: 'deny', code: null, rule: ruleRef(rules, controlling[denied]), details: { branch: 'deny-before-approvals' } }, trace, () => outcomes(rules, req, resources, controlling));
  }
  if (req.saved && req.saved.length) {
    const saved = savedMatchers(req.saved);
    const action = normalizeInput(req.action);
    const savedAt = saved.map((s) => matches(s.action, action));
    for (let k = 0; k < n; k++) {
      for (let i = saved.length - 1; i >= 0; i--) {
        if (savedAt[i] && matches(saved[i].resource, resources[k])) {
          controlling[k] = rules.length + i;
          break;
        }
      }
    }
  }
  let asked = -1;
  for (let k = 0; k < n && asked < 0; k++) if (decisionAt(rules, controlling[k]) === 'ask') asked = k;
  const decision: Decision = asked >= 0 ? 'ask' : 'allow';
  const decider = controlling[asked >= 0 ? asked : 0];
  const rule = ruleRef(rules, decider < rules.length ? decider : -1);
  return withLazyTrace({ decision, native: decision, code: null, rule, details: { branch: decision } }, trace, () => outcomes(rules, req, resources, controlling));
}

/** The decision of a controlling rule: its effect, allow for a saved approval, the default for none. */
function decisionAt(rules: readonly OpencodeRule[], controlling: number): Decision {
  if (controlling < 0) return DEFAULT_EFFECT;
  return controlling < rules.length ? rules[controlling].decision : 'allow';
}

const NO_RULE_BRANCH = `no rule matched: default ${DEFAULT_EFFECT}`;
const RULE_BRANCH: Record<Decision, string> = { allow: 'last matching rule decides allow', ask: 'last matching rule decides ask', deny: 'last matching rule decides deny' };

/** The reference trace's sections without their rows: same subjects, controlling rules, branches and labels. */
function outcomes(rules: readonly OpencodeRule[], req: OpencodeRequest, resources: string[], controlling: number[]): SubjectOutcome[] {
  const out = new Array<SubjectOutcome>(resources.length);
  for (let k = 0; k < resources.length; k++) {
    const i = controlling[k];
    const rule = i >= 0 ? rules[i] : undefined;
    if (i < 0) out[k] = { kind: 'resource', subject: resources[k], controlling: null, decision: DEFAULT_EFFECT, branch: NO_RULE_BRANCH, label: '' };
    else if (rule) out[k] = { kind: 'resource', subject: resources[k], controlling: i, decision: rule.decision, branch: RULE_BRANCH[rule.decision], label: rule.label };
    else {
      const s = req.saved![i - rules.length];
      out[k] = { kind: 'resource', subject: resources[k], controlling: i, decision: 'allow', branch: 'last matching rule (a saved approval) decides allow', label: `saved approval: ${s.action} ${s.resource} allow` };
    }
  }
  return out;
}

const compiledForms = new WeakMap<OpencodeRuleSet, CompiledOpencode>();

/**
 * The one compiled form of a parse: the lints and the stored requests of a version ask the same
 * rule set, and each subset an action selects is then built once (a new version is a new parse).
 * @example compiledOpencodeOf(rs) === compiledOpencodeOf(rs) // true
 */
export function compiledOpencodeOf(rs: OpencodeRuleSet): CompiledOpencode {
  let c = compiledForms.get(rs);
  if (!c) compiledForms.set(rs, (c = new CompiledOpencode(rs)));
  return c;
}

/**
 * OpenCode's fast evaluator: the agent resolved first (default agent, unknown agent refused), as
 * the reference does, then the indexed rules. The request itself is passed on unchanged, so a
 * trace tells how its agent was chosen.
 * @example compileOpencodeFast(rs)({ action: 'edit', resources: ['secrets/a'] }).decision // 'deny'
 */
export function compileOpencodeFast(rs: OpencodeRuleSet): (request: unknown) => Verdict {
  const c = compiledOpencodeOf(rs);
  return (request) => {
    const req = request as OpencodeRequest;
    const choice = chooseAgent(rs, req);
    return choice.ok ? evaluateCompiledOpencode(c, req, choice.agent) : refusedVerdict(choice.why);
  };
}
