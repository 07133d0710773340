import * as fs from 'fs';
import * as path from 'path';
import { decideForAll, findAgentPolicies, type AgentDecision } from '../../shared/check/agents';
import { discoverRuleFiles } from '../../shared/check/discover';
import { initDialects } from '../../shared/dialects';
import { describeNeutral, readNeutralRequest } from '../../shared/requests/neutral';
import { ruleNumber } from '../../shared/model';
import { ruleText } from '../../shared/trace/render';
import { sourceText } from '../../shared/trace/sources';
import { listEntries, readText } from '../../shared/host/node-fs';
import { ArgumentError, ENGINE_OPTIONS, format, parse, withEngineOptions } from '../args';
import { evalContext, nodeHost, UsageError, type Out } from '../io';

/**
 * `rulelens eval --all-agents [FOLDER] --request NEUTRAL [--format text|json]`: every agent policy
 * found under FOLDER (default .) decides one neutral request (`{"shell": …}`, `{"read": …}`,
 * `{"url": …}`), side by side, each with its deciding rule. Exit 0, 2 on usage/I-O errors.
 */
export async function evalAllAgents(argv: string[], io: Out): Promise<number> {
  const { values, positionals } = parse(argv, { 'all-agents': { type: 'boolean' }, request: { type: 'string' }, format: { type: 'string' }, ...ENGINE_OPTIONS });
  const fmt = format(values.format, ['text', 'json'] as const, 'text');
  if (positionals.length > 1) throw new ArgumentError('eval --all-agents takes at most one FOLDER');
  if (typeof values.request !== 'string') throw new ArgumentError('eval --all-agents needs --request with a neutral request, e.g. \'{"shell":"git push origin main"}\'');
  let value: unknown;
  try {
    value = JSON.parse(values.request);
  } catch (e) {
    throw new UsageError(`--request must be one JSON object: ${(e as Error).message}`);
  }
  const read = readNeutralRequest(value);
  if (!read.request) throw new UsageError(`invalid neutral request: ${read.error}`);
  const shown = positionals[0] ?? '.';
  const root = path.resolve(shown);
  if (!fs.existsSync(root) || !fs.statSync(root).isDirectory()) throw new UsageError(`${shown}: not a folder`);
  await initDialects();
  const ctx = withEngineOptions(evalContext(values['user-settings']), values, readText, listEntries, process.env);
  const policies = findAgentPolicies(discoverRuleFiles(root).files, nodeHost, { ctx });
  const decisions = decideForAll(policies, read.request, ctx);
  const rel = (p: string) => path.relative(root, p) || path.basename(p);
  if (fmt === 'json') {
    io.out(JSON.stringify({ request: read.request, agents: decisions.map((d) => agentJson(d, rel)) }, null, 2));
    return 0;
  }
  io.out(`${describeNeutral(read.request)} — ${decisions.length ? `${decisions.length} agent polic${decisions.length === 1 ? 'y' : 'ies'} under ${shown}` : `no agent policy under ${shown}`}`);
  const width = Math.max(0, ...decisions.map((d) => d.policy.dialect.title.length));
  for (const d of decisions) {
    const head = `${d.policy.dialect.title.padEnd(width)}  `;
    if (d.kind !== 'decided') io.out(`${head}${d.kind === 'unsupported' ? 'not decided by its rules' : 'error'} — ${d.reason}  [${rel(d.policy.path)}]`);
    else io.out(`${head}${d.outcome.padEnd(5)} — ${d.verdict.rule && !d.verdict.hook ? `rule ${ruleNumber(d.verdict.rule)}: ${d.verdict.rule.label}` : ruleText(d.verdict)}  [${d.source ? sourceText(d.source, root) : `${rel(d.policy.path)}, no rule: the agent's default`}]`);
  }
  return 0;
}

function agentJson(d: AgentDecision, rel: (p: string) => string): Record<string, unknown> {
  const base = { dialect: d.policy.dialect.id, agent: d.policy.dialect.title, file: rel(d.policy.path), ...(d.policy.ruleSet.members ? { policy: d.policy.ruleSet.members.filter((m) => m.present).map((m) => rel(m.path)) } : {}) };
  if (d.kind !== 'decided') return { ...base, decided: false, reason: d.reason };
  const v = d.verdict;
  const source = d.source ? { ...d.source, file: d.source.file === null ? null : rel(d.source.file) } : null;
  return { ...base, decided: true, decision: v.decision, outcome: d.outcome, native: v.native, rule: v.rule ? { label: v.rule.label, source } : null, why: ruleText(v) };
}
