import type { AnyDialect } from '../dialects/dialect';
import { detectDialect } from '../dialects';
import { outcomeWord, type EvalContext, type RuleSet, type RuleSource, type Verdict } from '../model';
import type { NeutralRequest } from '../requests/neutral';
import { withSources } from '../trace/sources';
import { loadRuleSet, policyHost, type CheckHost, type CheckOptions } from './check-file';

/** One agent's policy in a repository: the file it was found by, its dialect, and every file of it parsed as one. */
export interface AgentPolicy {
  dialect: AnyDialect;
  /** The rule file the policy was found by (its other files are `ruleSet.members`). */
  path: string;
  ruleSet: RuleSet;
  /** The policy parsed again with one of its files' text replaced (a proposed edit), or null when it no longer parses. */
  reparse?(file: string, text: string): RuleSet | null;
}

/** What one agent's policy decides for a neutral request, or why it decides nothing RuleLens can show. */
export type AgentDecision =
  | { policy: AgentPolicy; kind: 'decided'; verdict: Verdict; outcome: string; source?: RuleSource }
  | { policy: AgentPolicy; kind: 'unsupported'; reason: string }
  | { policy: AgentPolicy; kind: 'error'; reason: string };

/**
 * The agent policies among rule files: one per policy, however many of its files are listed (a
 * Claude project's two settings files, a Codex folder's `.rules` files, are one policy each), in
 * the files' order. Only dialects that map neutral requests count as agents.
 * @example findAgentPolicies(['/p/.claude/settings.json', '/p/.codex/rules/default.rules'], nodeHost, {}).map((p) => p.dialect.id) // ['claude', 'codex']
 */
export function findAgentPolicies(files: readonly string[], host: CheckHost, opts: CheckOptions = {}): AgentPolicy[] {
  const out: AgentPolicy[] = [];
  const read = policyHost(host, opts);
  for (const file of files) {
    // A bounded read: a file too large or not a regular file is left to the check that reports it.
    const text = read.readFile(file);
    if (text === undefined) continue;
    const dialect = detectDialect({ path: file, text });
    if (!dialect?.neutralRequest) continue;
    if (out.some((p) => p.dialect === dialect && p.ruleSet.members?.some((m) => m.present && m.path === file))) continue;
    const { ruleSet } = loadRuleSet({ path: file, text }, { ...opts, dialect: dialect.id }, host);
    const reparse = (p: string, t: string) => loadRuleSet({ path: file, text: p === file ? t : text }, { ...opts, overlay: new Map([...(opts.overlay ?? []), [p, t]]), dialect: dialect.id }, host).ruleSet;
    if (ruleSet) out.push({ dialect, path: file, ruleSet, reparse });
  }
  return out;
}

/**
 * Every policy's own decision for one neutral request, by its own evaluator, with the deciding
 * rule's file and line. An agent whose rules cannot decide such a call says why (`unsupported`);
 * an evaluator that throws is an `error`, never a decision.
 * @example decideForAll(policies, { kind: 'shell', command: 'git push' }, ctx).map((d) => d.kind === 'decided' && d.verdict.decision) // ['deny', 'allow']
 */
export function decideForAll(policies: readonly AgentPolicy[], request: NeutralRequest, ctx: EvalContext = {}): AgentDecision[] {
  return policies.map((policy) => decideOne(policy, request, ctx));
}

/** One policy's decision for a neutral request (see `decideForAll`). */
export function decideOne(policy: AgentPolicy, request: NeutralRequest, ctx: EvalContext = {}): AgentDecision {
  const mapped = policy.dialect.neutralRequest!(request);
  if ('unsupported' in mapped) return { policy, kind: 'unsupported', reason: mapped.unsupported };
  try {
    const verdict = withSources(policy.dialect.evaluate(policy.ruleSet, mapped.request, ctx), policy.ruleSet);
    return { policy, kind: 'decided', verdict, outcome: outcomeWord(verdict), ...(verdict.rule?.source ? { source: verdict.rule.source } : {}) };
  } catch (e) {
    return { policy, kind: 'error', reason: `the ${policy.dialect.title} evaluator failed: ${(e as Error).message}` };
  }
}
