import type { Decision, EvalContext, RuleRef, TraceSection, Verdict } from '../../model';
import { bashDecision, SELECTION_COLUMNS, selectRule, type ToolDecision } from './decide';
import { compoundDecision, literalAndChain } from './compound';
import { resolveApproval } from './resolve';
import { DEFAULT_MODE, DEFAULT_TOOL, type OmpApproval, type OmpMode, type OmpRequest, type OmpRuleSet, type OmpTier } from './rules';

/** Normalized decision for each native policy. */
export const NATIVE_TO_DECISION: Readonly<Record<OmpApproval, Decision>> = { allow: 'allow', prompt: 'ask', deny: 'deny' };

/** Tiers assumed for tools other than bash, which carry no patterns of their own here. */
export const TOOL_TIERS: Readonly<Record<string, OmpTier>> = {
  read: 'read',
  grep: 'read',
  find: 'read',
  ls: 'read',
  glob: 'read',
  write: 'write',
  edit: 'write',
};

function ref(rs: OmpRuleSet, index: number): RuleRef {
  const r = rs.rules[index];
  return { index: r.index, id: null, label: r.label, ...(r.number !== undefined ? { number: r.number } : {}) };
}

function stepBranch(d: ToolDecision, selected: string | null): string {
  switch (d.step) {
    case 'deny-rule':
      return 'selected deny rule → explicit deny';
    case 'critical':
      return selected
        ? `critical pattern (${d.critical!.title}) overrode the selected ${selected} rule`
        : `critical pattern (${d.critical!.title}) detected with no rule selected: override flag, no explicit policy`;
    case 'allow-rule':
      return 'selected allow rule → explicit allow at tier write';
    case 'prompt-rule':
      return 'selected prompt rule → explicit prompt';
    default:
      return 'no rule applied → plain exec tier, no explicit policy';
  }
}

/**
 * The agent's decision for a request: rule selection, the bash tool's decision order, then
 * resolution against the approval mode and the user's per-tool policy. Nothing is executed.
 * @example evaluateOmp(rs, { command: 'printf seed-card && printf closed', mode: 'yolo' }).native // 'deny'
 */
export function evaluateOmp(rs: OmpRuleSet, req: OmpRequest, _ctx: EvalContext = {}): Verdict {
  const tool = req.tool ?? DEFAULT_TOOL;
  const mode: OmpMode = req.mode ?? rs.approvalMode ?? DEFAULT_MODE;
  const users = { ...rs.userApproval, ...(req.userApproval ?? {}) };
  const user = Object.prototype.hasOwnProperty.call(users, tool) ? users[tool] : undefined;
  const notes: string[] = [];
  notes.push(req.mode ? `mode ${mode} (from the request)` : rs.approvalMode ? `mode ${mode} (tools.approvalMode)` : `mode ${mode} (the default)`);
  if (user) notes.push(`user policy for ${tool}: ${user}${req.userApproval?.[tool] ? ' (from the request)' : ' (tools.approval)'}`);

  const sections: TraceSection[] = [];
  let decision: ToolDecision;
  let selectedIndex: number | null = null;
  let stepText: string;
  if (tool === DEFAULT_TOOL) {
    const sel = selectRule(rs.rules, req.command);
    selectedIndex = sel.selected?.index ?? null;
    decision = bashDecision(sel.selected, req.command);
    // A whole-command deny stands; otherwise a literal `&&` chain is judged command by command.
    const chain = rs.allowCompound && sel.selected?.native !== 'deny' ? literalAndChain(req.command) : null;
    const compound = chain ? compoundDecision(rs.rules, chain) : null;
    if (compound) {
      decision = compound.decision;
      selectedIndex = compound.rule?.index ?? null;
      notes.push(`bash.allowCompoundCommands: a literal && chain of ${chain!.length} commands, each judged on its own (a POSIX shell is assumed)`);
    }
    stepText = stepBranch(decision, compound ? compound.rule?.native ?? null : sel.selected?.native ?? null);
    if (decision.critical) notes.push(`critical class ${decision.critical.id}: ${decision.critical.title} (in \`${decision.critical.evidence}\`)`);
    if (sel.control && !compound) notes.push(`active shell control: ${sel.control.description}; allow rules cannot apply`);
    sections.push({
      kind: 'command',
      subject: req.command,
      columns: SELECTION_COLUMNS,
      rows: sel.rows,
      controlling: sel.selected?.index ?? null,
      decision: null,
      branch: sel.selected ? `first applicable rule: ${sel.selected.label}` : rs.rules.length ? 'no rule applies' : 'no bash.patterns rules',
    });
    if (compound) sections.push(...compound.sections);
  } else {
    const tier = TOOL_TIERS[tool] ?? 'exec';
    decision = { policy: null, tier, override: false, reason: null, critical: null, step: 'no-rule' };
    stepText = `tool ${tool}: bash.patterns do not apply; assumed tier ${tier}`;
  }

  const res = resolveApproval(decision, mode, user);
  const final = NATIVE_TO_DECISION[res.policy];
  if (sections[0]) sections[0].decision = final;
  // The selected rule decided only when its own policy is what came out.
  const ruleDecided = selectedIndex !== null && res.source === 'tool' && decision.policy !== null && decision.policy === res.policy;
  return {
    decision: final,
    native: res.policy,
    code: null,
    rule: ruleDecided ? ref(rs, selectedIndex!) : null,
    details: {
      reason: decision.reason,
      source: res.source,
      step: res.step,
      tier: decision.tier,
      override: decision.override,
      critical: decision.critical?.id ?? null,
      mode,
      tool,
      selected: selectedIndex,
    },
    trace: { dialect: 'omp', branch: `${stepText}; ${res.why} → ${res.policy}`, sections, notes },
  };
}
