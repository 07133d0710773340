import { decideOne, type AgentDecision, type AgentPolicy } from '../../shared/check/agents';
import type { FileReport } from '../../shared/check/check-file';
import { ruleNumber, type EvalContext, type Rule } from '../../shared/model';
import { describeNeutral } from '../../shared/requests/neutral';

const code = (s: string) => `\`${s.replace(/`/g, "'")}\``;

/** One agent's decision as a hover line: the outcome, the deciding rule and where it is, or why there is none. */
function decisionLine(d: AgentDecision): string {
  const who = `**${d.policy.dialect.title}**`;
  if (d.kind !== 'decided') return `- ${who}: not decided by its rules — ${d.reason}`;
  const v = d.verdict;
  const where = d.source?.file ? ` (${code(d.source.file.split(/[\\/]/).slice(-2).join('/'))}, line ${d.source.line})` : '';
  const by = v.rule && !v.hook ? `rule ${ruleNumber(v.rule)} ${code(v.rule.label)}${where}` : v.hook ? 'a hook decides first' : "no rule: the agent's default";
  return `- ${who}: ${d.outcome} — ${by}`;
}

/**
 * The hover lines on a rule comparing the project's other agents: the first neutral call the rule
 * speaks of that it decides itself, and what every other agent's policy decides for it, each with
 * its deciding rule. Nothing when no other agent has a policy or the rule names no such call.
 * @example otherAgentsLines(report, rule, policies, ctx)[0] // 'Other agents on `git push` (Claude Code: deny):'
 */
export function otherAgentsLines(rep: FileReport, rule: Rule, policies: readonly AgentPolicy[], ctx: EvalContext = {}): string[] {
  const dialect = rep.dialect;
  if (!dialect?.neutralWitnesses || !rep.ruleSet) return [];
  const others = policies.filter((p) => p.dialect.id !== dialect.id);
  if (!others.length) return [];
  const own: AgentPolicy = policies.find((p) => p.dialect.id === dialect.id && (p.path === rep.path || p.ruleSet.members?.some((m) => m.path === rep.path))) ?? { dialect, path: rep.path, ruleSet: rep.ruleSet };
  for (const w of dialect.neutralWitnesses(rep.ruleSet, rule)) {
    const mine = decideOne(own, w, ctx);
    if (mine.kind !== 'decided' || mine.verdict.rule?.index !== rule.index) continue;
    return [`Other agents on ${code(describeNeutral(w))} (${dialect.title}: ${mine.outcome}):`, ...others.map((p) => decisionLine(decideOne(p, w, ctx))), ''];
  }
  return [];
}
