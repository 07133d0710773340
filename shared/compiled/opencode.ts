import type { Decision, RuleRef, Trace, Verdict } from '../model';
import { matches, type CompiledWildcard } from '../patterns/wildcard';
import { evaluateOpencode, inEvaluationOrder } from '../dialects/opencode/evaluate';
import { compileOpencode, normalizeInput } from '../dialects/opencode/pattern';
import type { OpencodeRequest, OpencodeRuleSet } from '../dialects/opencode/rules';
import { BoundedCache } from './bounded-cache';
import { PatternIndex } from './pattern-index';
import { withLazyTrace } from './lazy-trace';
import { withOutcomes, type SubjectOutcome } from './outcomes';

/** Distinct action strings remembered with the rule subset they select. */
export const MAX_CACHED_ACTIONS = 4096;
/** Resource indexes kept at once, one per distinct (agent, matching action patterns) subset. */
export const MAX_CACHED_SUBSETS = 64;

/** The rules one (agent, action) pair sees, indexed by resource pattern. */
interface Subset {
  /** Rule indices in evaluation order; position p in the index is rule `rules[p]`. */
  rules: number[];
  index: PatternIndex;
}

/** What the compiled evaluator decided for one resource: the controlling rule or none. */
interface Lookup {
  /** Index of the controlling rule (configured rules first, then saved approvals), -1 for none. */
  controlling: number;
  decision: Decision;
}

const DEFAULT_EFFECT: Decision = 'ask';

/**
 * An OpenCode rule set prepared for many lookups: action patterns grouped and indexed once; for
 * each distinct subset of rules an action selects, a resource index built on first use and kept in
 * a bounded cache. Answers are those of `evaluateOpencode`, which remains the reference.
 */
export class CompiledOpencode {
  readonly dialect = 'opencode' as const;
  private readonly groupOf: Int32Array;
  private readonly groupMatchers: CompiledWildcard[] = [];
  private readonly actionIndex: PatternIndex;
  private readonly agentsWithRules: Set<string>;
  private readonly byAction = new BoundedCache<string, Subset>(MAX_CACHED_ACTIONS);
  private readonly bySubset = new BoundedCache<string, Subset>(MAX_CACHED_SUBSETS);

  /** @example new CompiledOpencode(parseOpencode(file)) */
  constructor(readonly ruleSet: OpencodeRuleSet) {
    const groups = new Map<string, number>();
    const patterns = [];
    this.groupOf = new Int32Array(ruleSet.rules.length);
    for (const r of ruleSet.rules) {
      let g = groups.get(r.action);
      if (g === undefined) {
        g = patterns.length;
        groups.set(r.action, g);
        patterns.push(r.actionPattern);
        this.groupMatchers.push(r.actionMatcher);
      }
      this.groupOf[r.index] = g;
    }
    this.actionIndex = new PatternIndex(patterns);
    this.agentsWithRules = new Set(ruleSet.rules.flatMap((r) => (r.agent === null ? [] : [r.agent])));
  }

  /**
   * The rule that controls one (already normalized) resource under last match, or -1 when no
   * configured rule matches: what the reference scan's `controlling` is.
   * @example compiled.lastMatch('edit', 'secrets/a') // 2
   */
  lastMatch(action: string, resource: string, agent?: string): number {
    const s = this.subsetFor(action, agent);
    const rules = this.ruleSet.rules;
    const p = s.index.last(resource, (q) => matches(rules[s.rules[q]].resourceMatcher, resource));
    return p < 0 ? -1 : s.rules[p];
  }

  private subsetFor(action: string, agent: string | undefined): Subset {
    const who = agent !== undefined && this.agentsWithRules.has(agent) ? agent : null;
    // Agent names and actions are arbitrary strings: the length prefix keeps keys unambiguous.
    const scope = who === null ? '-' : `${who.length}:${who}`;
    return this.byAction.getOrSet(`${scope} ${action}`, () => {
      const groups = this.actionIndex.candidates(action).filter((g) => matches(this.groupMatchers[g], action));
      return this.bySubset.getOrSet(`${scope} ${groups.join(',')}`, () => this.buildSubset(new Set(groups), who));
    });
  }

  private buildSubset(groups: Set<number>, agent: string | null): Subset {
    const rules: number[] = [];
    for (const r of inEvaluationOrder(this.ruleSet)) {
      if ((r.agent === null || r.agent === agent) && groups.has(this.groupOf[r.index])) rules.push(r.index);
    }
    return { rules, index: new PatternIndex(rules.map((i) => this.ruleSet.rules[i].resourcePattern)) };
  }
}

function ruleRef(rs: OpencodeRuleSet, index: number): RuleRef | null {
  const r = index >= 0 ? rs.rules[index] : undefined;
  return r ? { index: r.index, id: null, label: r.label } : null;
}

/** Saved "always" approvals, compiled per request as the reference does; they sit after every rule. */
function savedMatchers(req: OpencodeRequest): Array<{ action: CompiledWildcard; resource: CompiledWildcard }> {
  return (req.saved ?? []).map((s) => ({ action: compileOpencode(s.action), resource: compileOpencode(s.resource) }));
}

/**
 * OpenCode's decision through the compiled form: the same decision, native value, code, deciding
 * rule and details as `evaluateOpencode`, with the reference trace built only when read.
 * @example evaluateCompiledOpencode(new CompiledOpencode(rs), { action: 'edit', resources: ['secrets/a'] }).decision // 'deny'
 */
export function evaluateCompiledOpencode(c: CompiledOpencode, req: OpencodeRequest): Verdict {
  const rs = c.ruleSet;
  const trace = (): Trace => evaluateOpencode(rs, req).trace;
  const action = normalizeInput(req.action);
  const resources = req.resources.map(normalizeInput);
  if (resources.length === 0) {
    return withOutcomes(withLazyTrace({ decision: 'allow', native: 'allow', code: null, rule: null, details: { branch: 'empty-resources' } }, trace), []);
  }
  const configured = (resource: string): Lookup => {
    const i = c.lastMatch(action, resource, req.agent);
    return { controlling: i, decision: i >= 0 ? rs.rules[i].decision : DEFAULT_EFFECT };
  };
  const first = resources.map(configured);
  const denied = first.find((l) => l.decision === 'deny');
  if (denied) {
    const v = withLazyTrace({ decision: 'deny', native: 'deny', code: null, rule: ruleRef(rs, denied.controlling), details: { branch: 'deny-before-approvals' } }, trace);
    return withOutcomes(v, outcomes(rs, req, resources, first));
  }
  const saved = savedMatchers(req);
  let sections = first;
  if (saved.length) {
    const savedAt = saved.map((s) => matches(s.action, action));
    sections = resources.map((resource, k) => {
      for (let i = saved.length - 1; i >= 0; i--) {
        if (savedAt[i] && matches(saved[i].resource, resource)) return { controlling: rs.rules.length + i, decision: 'allow' };
      }
      return first[k];
    });
  }
  const asked = sections.find((l) => l.decision === 'ask');
  const decision: Decision = asked ? 'ask' : 'allow';
  const decider = asked ?? sections[0];
  const deciderIndex = decider.controlling >= 0 && decider.controlling < rs.rules.length ? decider.controlling : -1;
  const v = withLazyTrace({ decision, native: decision, code: null, rule: ruleRef(rs, deciderIndex), details: { branch: asked ? 'ask' : 'allow' } }, trace);
  return withOutcomes(v, outcomes(rs, req, resources, sections));
}

/** The reference trace's sections without their rows: same subjects, controlling rules, branches and labels. */
function outcomes(rs: OpencodeRuleSet, req: OpencodeRequest, resources: string[], lookups: Lookup[]): SubjectOutcome[] {
  return lookups.map((l, k) => {
    if (l.controlling < 0) return { kind: 'resource', subject: resources[k], controlling: null, decision: DEFAULT_EFFECT, branch: `no rule matched: default ${DEFAULT_EFFECT}`, label: '' };
    const rule = rs.rules[l.controlling];
    if (rule) return { kind: 'resource', subject: resources[k], controlling: l.controlling, decision: l.decision, branch: `last matching rule decides ${l.decision}`, label: rule.label };
    const s = req.saved![l.controlling - rs.rules.length];
    return { kind: 'resource', subject: resources[k], controlling: l.controlling, decision: 'allow', branch: 'last matching rule (a saved approval) decides allow', label: `saved approval: ${s.action} ${s.resource} allow` };
  });
}
