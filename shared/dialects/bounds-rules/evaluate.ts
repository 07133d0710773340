import type { RuleRef, Trace, TraceRow, TraceSection, Verdict } from '../../model';
import { MS_PER_MINUTE, parseIsoTime } from './time';
import type { BoundsRule, BoundsRulesRequest, BoundsRuleSet, IfPath, NumberedStep, RuleCode, Step } from './types';

/** The outcome of one rule's checks against one proposal. */
interface RuleOutcome {
  code: RuleCode | null;
  taintedBy: number | null;
  section: TraceSection;
  notes: string[];
  /** Per history step: did it match this rule's `if_path` (null: the check did not run). */
  pathMatches: Map<number, boolean> | null;
}

/** Why a step matches or not an `if_path`, for the history section. */
function matchesIfPath(s: NumberedStep, p: Step, c: IfPath, notes: string[]): boolean {
  if (c.trust !== undefined && s.trust !== c.trust) return false;
  if (c.capability !== undefined && s.capability !== c.capability) return false;
  if (c.subject !== undefined && s.subject !== c.subject) return false;
  // A missing fingerprint cannot be "the same", mirroring the repeat check.
  if (c.sameArguments && (p.args_hash === undefined || s.args_hash === undefined || s.args_hash !== p.args_hash)) return false;
  if (c.withinMinutes === undefined) return true;
  const now = p.at !== undefined ? parseIsoTime(p.at) : undefined;
  const then = s.at !== undefined ? parseIsoTime(s.at) : undefined;
  if (now === undefined || then === undefined) {
    notes.push(`step #${s.step}: time unknown, assumed inside the ${c.withinMinutes}-minute window (fail closed)`);
    return true;
  }
  // Exactly N minutes back is still inside the window.
  return now - then <= c.withinMinutes * MS_PER_MINUTE;
}

function judgeRule(rule: BoundsRule, history: NumberedStep[], p: Step): RuleOutcome {
  const notes: string[] = [];
  const marks: (boolean | null)[] = [p.capability !== undefined && rule.denies.includes(p.capability), null, null, null];
  const said: string[] = [];
  const done = (code: RuleCode | null, taintedBy: number | null, pathMatches: Map<number, boolean> | null = null): RuleOutcome => ({
    code,
    taintedBy,
    notes,
    pathMatches,
    section: {
      kind: 'rule',
      subject: rule.id,
      columns: ['capability', 'max_steps', 'max_repeats', 'if_path'],
      rows: [{ rule: rule.index, label: rule.label, matches: marks, note: said.join('; ') }],
      controlling: code ? rule.index : null,
      decision: code ? 'deny' : null,
      branch: code ? `${code}${taintedBy !== null ? ` by step #${taintedBy}` : ''}` : marks[0] ? 'no check fired' : `capability ${p.capability} is not denied by this rule: skipped`,
    },
  });
  if (!marks[0]) {
    said.push(`denies ${rule.denies.join(', ')}, not ${p.capability}`);
    return done(null, null);
  }
  said.push(`denies ${p.capability}`);
  if (rule.maxSteps !== undefined) {
    const hit = history.length >= rule.maxSteps;
    marks[1] = hit;
    said.push(`max_steps ${rule.maxSteps}: history has ${history.length} step${history.length === 1 ? '' : 's'}${hit ? ' — ceiling reached' : ''}`);
    // The step that reached the ceiling is the last one of the history; in a request it is step #len(H).
    if (hit) return done('STEP_LIMIT', history[history.length - 1]?.step ?? history.length);
  }
  if (rule.maxRepeats !== undefined) {
    if (p.args_hash === undefined) {
      notes.push(`rule ${rule.id}: the proposal has no args_hash, so a repeat cannot be identified — max_repeats skipped`);
      said.push(`max_repeats ${rule.maxRepeats}: skipped (no args_hash)`);
    } else {
      const reps = history.filter((s) => s.subject === p.subject && s.args_hash === p.args_hash);
      const hit = reps.length >= rule.maxRepeats;
      marks[2] = hit;
      said.push(`max_repeats ${rule.maxRepeats}: ${reps.length} earlier identical call${reps.length === 1 ? '' : 's'}${reps.length ? ` (${reps.map((s) => `#${s.step}`).join(', ')})` : ''}`);
      if (hit) return done('REPEAT_LIMIT', reps[0].step);
    }
  }
  if (rule.ifPath) {
    const pathMatches = new Map<number, boolean>();
    let found: NumberedStep | undefined;
    for (let i = history.length - 1; i >= 0; i--) {
      const s = history[i];
      const m = matchesIfPath(s, p, rule.ifPath, notes);
      pathMatches.set(s.step, m);
      if (m && !found) found = s;
    }
    marks[3] = found !== undefined;
    said.push(found ? `if_path: most recent matching step is #${found.step}` : 'if_path: no earlier step matches');
    if (rule.ifPath.sameArguments && p.args_hash === undefined) notes.push(`rule ${rule.id}: same_arguments needs the proposal's args_hash; without it no step matches`);
    if (found) return done('PATH_DENIED', found.step, pathMatches);
    return done(null, null, pathMatches);
  }
  return done(null, null);
}

function historySection(history: NumberedStep[], outcomes: Array<{ rule: BoundsRule; o: RuleOutcome }>, taintedBy: number | null, task: string): TraceSection {
  const withPath = outcomes.filter((x) => x.o.pathMatches !== null);
  const rows: TraceRow[] = history.map((s) => ({
    rule: s.step - 1,
    label: `${s.action} ${s.subject} (${[s.trust, s.capability, s.args_hash !== undefined ? `args ${s.args_hash}` : undefined, s.at].filter(Boolean).join(', ')})`,
    matches: withPath.map((x) => x.o.pathMatches!.get(s.step) ?? null),
    note: s.step === taintedBy ? 'taints the proposal' : undefined,
  }));
  return {
    kind: 'history',
    subject: `task ${task}`,
    columns: withPath.map((x) => `if_path of ${x.rule.id}`),
    rows,
    // Rows here are steps, not rules: renderers read `controlling` as a rule, so the tainting step is named in the branch instead.
    controlling: null,
    decision: null,
    branch: `${history.length ? `${history.length} earlier step${history.length === 1 ? '' : 's'} of this task` : 'no earlier step in this task'}${taintedBy !== null ? `; step #${taintedBy} taints the proposal` : ''}`,
  };
}

/**
 * Judges a proposal against the earlier steps of its task: rules in file order, first refusal
 * wins; steps of other tasks are dropped first (one job cannot taint another). `tainted_by` is a
 * step number as the history numbers it.
 * @example judgeStep(rules, [{ step: 1, action: 'web.read', subject: 'docs.example', task: 'job-1', trust: 'untrusted', capability: 'read' }], send).code // 'PATH_DENIED'
 */
export function judgeStep(rules: readonly BoundsRule[], history: readonly NumberedStep[], proposal: Step): Verdict {
  const own = history.filter((s) => s.task === proposal.task);
  const notes: string[] = [];
  if (own.length < history.length) notes.push(`${history.length - own.length} history step${history.length - own.length === 1 ? '' : 's'} of other tasks ignored (tasks are isolated)`);
  const outcomes: Array<{ rule: BoundsRule; o: RuleOutcome }> = [];
  let decider: { rule: BoundsRule; o: RuleOutcome } | undefined;
  for (const rule of rules) {
    const o = judgeRule(rule, own, proposal);
    outcomes.push({ rule, o });
    notes.push(...o.notes);
    if (o.code) {
      decider = { rule, o };
      break;
    }
  }
  const taintedBy = decider?.o.taintedBy ?? null;
  const sections = [...outcomes.map((x) => x.o.section), historySection(own, outcomes, decider?.o.code === 'PATH_DENIED' || decider?.o.code === 'REPEAT_LIMIT' ? taintedBy : null, proposal.task)];
  const trace: Trace = {
    dialect: 'bounds-rules',
    branch: decider
      ? `first match in file order: ${decider.rule.id} refuses with ${decider.o.code} by step #${taintedBy}`
      : rules.length
        ? `no rule refused ${proposal.capability}: ALLOW`
        : 'no rules: ALLOW',
    sections,
    notes,
  };
  const ref: RuleRef | null = decider ? { index: decider.rule.index, id: decider.rule.id, label: decider.rule.label } : null;
  return {
    decision: decider ? 'deny' : 'allow',
    native: decider ? 'DENY' : 'ALLOW',
    code: decider?.o.code ?? null,
    rule: ref,
    details: { tainted_by: taintedBy },
    trace,
  };
}

/**
 * The verdict for a stored request: its history is numbered 1..n in the order given.
 * @example evaluateBoundsRules(rs, { history: [], proposal }).native // 'ALLOW'
 */
export function evaluateBoundsRules(rs: BoundsRuleSet, req: BoundsRulesRequest): Verdict {
  const v = judgeStep(rs.rules, req.history.map((s, i) => ({ ...s, step: i + 1 })), req.proposal);
  const errors = rs.findings.filter((f) => f.severity === 'error').length;
  if (errors) v.trace.notes.push(`the rules file has ${errors} error${errors === 1 ? '' : 's'}; the runtime refuses an invalid file — this verdict uses only the valid rules`);
  return v;
}
