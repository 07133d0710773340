import type { Decision, EvalContext, TraceRow, TraceSection, Verdict } from '../../model';
import { matcherOf, matches, type CompiledWildcard } from '../../patterns/wildcard';
import { compileOpencode, normalizeInput } from './pattern';
import type { OpencodeRequest, OpencodeRule, OpencodeRuleSet } from './rules';
import { chooseAgent, gateAgent } from './agents';

/** The default when no rule matches a resource. */
export const DEFAULT_EFFECT: Decision = 'ask';

/** A rule as the lookup sees it: configured rules plus saved approvals appended as allows. */
interface Candidate {
  index: number;
  label: string;
  effect: Decision;
  action: CompiledWildcard;
  resource: CompiledWildcard;
  saved: boolean;
}

function fromRule(r: OpencodeRule): Candidate {
  return { index: r.index, label: r.label, effect: r.decision, action: matcherOf(r.actionPattern), resource: matcherOf(r.resourcePattern), saved: false };
}

function fromSaved(s: { action: string; resource: string }, index: number): Candidate {
  return { index, label: `saved approval: ${s.action} ${s.resource} allow`, effect: 'allow', action: compileOpencode(s.action), resource: compileOpencode(s.resource), saved: true };
}

/** Candidates per rule set and agent, built once: evaluation is called per request, often thousands of times. */
const CANDIDATES = new WeakMap<OpencodeRuleSet, Map<string, Candidate[]>>();

function candidatesFor(rs: OpencodeRuleSet, agent: string | undefined): Candidate[] {
  let byAgent = CANDIDATES.get(rs);
  if (!byAgent) CANDIDATES.set(rs, (byAgent = new Map()));
  const key = agent ?? '\u0000';
  let list = byAgent.get(key);
  if (!list) byAgent.set(key, (list = rulesFor(rs, agent).map(fromRule)));
  return list;
}

/**
 * The rules a request sees: the top-level rules, then the named agent's own.
 * @example rulesFor(rs, 'build') // top-level ++ agent "build" rules
 */
export function rulesFor(rs: OpencodeRuleSet, agent: string | undefined): OpencodeRule[] {
  return inEvaluationOrder(rs).filter((r) => r.agent === null || (agent !== undefined && r.agent === agent));
}

/**
 * Every rule in the order OpenCode evaluates them (built-in layers among the file's rules).
 * @example inEvaluationOrder(rs)[0].label // '* * allow — built-in defaults, OpenCode 1.18.33'
 */
export function inEvaluationOrder(rs: OpencodeRuleSet): readonly OpencodeRule[] {
  if (!rs.order) return rs.rules;
  // Rule sets are never changed once parsed: the analyser and the witness search share one list.
  let list = EVALUATION_ORDER.get(rs);
  if (!list) EVALUATION_ORDER.set(rs, (list = rs.order.map((i) => rs.rules[i])));
  return list;
}

const EVALUATION_ORDER = new WeakMap<OpencodeRuleSet, readonly OpencodeRule[]>();

/** Last-match lookup for one resource, with a full row per candidate. */
function lookup(candidates: Candidate[], action: string, resource: string, kind: string): TraceSection {
  const rows: TraceRow[] = [];
  let controlling: Candidate | undefined;
  for (const c of candidates) {
    const am = matches(c.action, action);
    const rm = matches(c.resource, resource);
    rows.push({ rule: c.index, label: c.label, matches: [am, rm] });
    if (am && rm) controlling = c;
  }
  if (controlling) {
    const row = rows.find((r) => r.rule === controlling.index);
    if (row) row.note = 'last match: controls this resource';
  }
  return {
    kind,
    subject: resource,
    columns: ['action', 'resource'],
    rows,
    controlling: controlling ? controlling.index : null,
    decision: controlling ? controlling.effect : DEFAULT_EFFECT,
    branch: controlling
      ? `last matching rule ${controlling.saved ? '(a saved approval) ' : ''}decides ${controlling.effect}`
      : `no rule matched: default ${DEFAULT_EFFECT}`,
  };
}

/**
 * OpenCode's decision for a request, exactly as the agent aggregates it: any configured deny wins
 * before saved approvals are consulted; then saved approvals join as allows; any ask asks.
 * @example evaluateOpencode(rs, { action: 'edit', resources: ['secrets/a'] }).decision // 'deny'
 */
export function evaluateOpencode(rs: OpencodeRuleSet, req: OpencodeRequest, _ctx: EvalContext = {}): Verdict {
  const notes = agentNotes(rs, req);
  return gateAgent(rs, req, (r) => evaluateFor(rs, r, notes));
}

/** What the trace says about the agent and the layers the request ran against. */
function agentNotes(rs: OpencodeRuleSet, req: OpencodeRequest): string[] {
  const notes: string[] = [];
  const choice = chooseAgent(rs, req);
  if (!choice.ok) return notes;
  if (rs.builtins) {
    if (choice.defaulted) notes.push(`no "agent" given: the request runs as the default agent "${choice.agent}"`);
    notes.push(`effective rules of agent "${choice.agent}": OpenCode ${rs.builtins.version}'s built-in layers come first, then the file's rules (check with --no-builtins for the file alone)`);
  } else if (req.agent !== undefined && !rs.agents.includes(req.agent)) {
    notes.push(`agent "${req.agent}" has no permission section of its own: only the top-level rules apply`);
  }
  return notes;
}

function evaluateFor(rs: OpencodeRuleSet, req: OpencodeRequest, notes: string[]): Verdict {
  const action = normalizeInput(req.action);
  const resources = req.resources.map(normalizeInput);
  const configured = candidatesFor(rs, req.agent);
  const ruleRef = (index: number | null) => {
    if (index === null) return null;
    const r = rs.rules[index];
    return r ? { index: r.index, id: null, label: r.label } : null;
  };

  if (resources.length === 0) {
    notes.push('resources: [] — no resource checked; the agent allows such a request (a fail-open worth flagging)');
    return {
      decision: 'allow',
      native: 'allow',
      code: null,
      rule: null,
      details: { branch: 'empty-resources' },
      trace: { dialect: 'opencode', branch: 'resources: [] — no resource checked: allow', sections: [], notes },
    };
  }

  const first = resources.map((r) => lookup(configured, action, r, 'resource'));
  const denied = first.filter((s) => s.decision === 'deny');
  if (denied.length > 0) {
    const d = denied[0];
    return {
      decision: 'deny',
      native: 'deny',
      code: null,
      rule: ruleRef(d.controlling),
      details: { branch: 'deny-before-approvals' },
      trace: {
        dialect: 'opencode',
        branch: `deny resolved before saved approvals (${denied.length} of ${resources.length} resource${resources.length === 1 ? '' : 's'} denied)`,
        sections: first,
        notes,
      },
    };
  }

  const saved = (req.saved ?? []).map((s, i) => fromSaved(s, rs.rules.length + i));
  const sections = saved.length ? resources.map((r) => lookup([...configured, ...saved], action, r, 'resource')) : first;
  if (saved.length) notes.push(`${saved.length} saved approval${saved.length === 1 ? '' : 's'} appended as allow rules (they cannot override a configured deny)`);
  const asked = sections.find((s) => s.decision === 'ask');
  const decision: Decision = asked ? 'ask' : 'allow';
  const decider = asked ?? sections[0];
  const deciderIndex = decider.controlling !== null && decider.controlling < rs.rules.length ? decider.controlling : null;
  return {
    decision,
    native: decision,
    code: null,
    rule: ruleRef(deciderIndex),
    details: { branch: asked ? 'ask' : 'allow' },
    trace: {
      dialect: 'opencode',
      branch: asked
        ? `no resource denied; "${asked.subject}" asks, so the request asks`
        : `no resource denied or asked: allow${resources.length > 1 ? ` (all ${resources.length} resources allowed)` : ''}`,
      sections,
      notes,
    },
  };
}
