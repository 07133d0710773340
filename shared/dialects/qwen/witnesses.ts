import type { Deadline } from '../../analysis/budget';
import { wildcardLimit } from '../../analysis/classes';
import type { Flip } from '../../diff/flips';
import { sliced, uniqueCandidates, type Candidate, type SearchSpec } from '../../diff/search';
import type { EvalContext, Verdict } from '../../model';
import { describeCall, evaluateQwen } from './evaluate';
import type { QwenRequest, QwenRule, QwenRuleSet } from './types';

/**
 * The requests a rule tells apart: for a command pattern its literal words, one word more, a
 * compound with another command; for a path its own place and one below; for a domain the host
 * and a subdomain; for a tool-only rule one call of the tool.
 * @example ruleRequests(rule) // [{ tool: 'run_shell_command', command: 'git push' }, …]
 */
export function ruleRequests(r: QwenRule, root: string): QwenRequest[] {
  const tool = r.toolName;
  if (r.kind === 'command' && r.specifier) {
    const base = r.specifier.replace(/ ?\*$/, '').replace(/\*/g, 'x');
    return [base, `${base} x`, `${base}x`, `${base} && touch y`, `sudo ${base}`].map((command) => ({ tool, command }));
  }
  if (r.kind === 'path' && r.specifier) {
    const p = r.specifier.replace(/^\/\//, '/').replace(/^\//, `${root}/`).replace(/\*\*\/?/g, 'a/').replace(/\*/g, 'x');
    const abs = p.startsWith('/') ? p : `${root}/${p.replace(/^\.\//, '')}`;
    return [{ tool: tool === 'edit' ? 'write_file' : tool, path: abs }, { tool, path: `${abs}/b` }, { tool: 'read_file', path: abs }, { tool: 'edit', path: abs }];
  }
  if (r.kind === 'domain' && r.specifier) {
    const host = r.specifier.replace(/^domain:/, '');
    return [{ tool, url: `https://${host}/` }, { tool, url: `https://api.${host}/` }];
  }
  if (tool === 'run_shell_command') return [{ tool, command: 'touch x' }];
  return [{ tool, ...(r.params ? { params: Object.fromEntries(r.params.map((p) => [p.key, p.value.replace(/\*/g, 'x')])) } : {}) }];
}

/**
 * The search of two versions of a Qwen settings file: every rule of both turned into the requests
 * it tells apart, each decided under both versions.
 * @example runSlices(searchSlices(qwenSearchSpec(base, current, [], new Deadline(), {}))).flips[0].request
 */
export function qwenSearchSpec(base: QwenRuleSet, current: QwenRuleSet, known: readonly Flip[], deadline: Deadline, ctx: EvalContext): SearchSpec<QwenRuleSet, QwenRequest> {
  // A rule both versions hold alike matches alike; with the same settings only the other rules can
  // flip a decision. Its requests are still tried (they tell rules apart), unless its pattern is
  // too large to try cheaply — then only a changed rule or setting says "not searched".
  const key = (r: QwenRule) => `${r.tier} ${r.scope} ${r.text}`;
  const inBase = new Set(base.rules.map(key));
  const inCurrent = new Set(current.rules.map(key));
  const settingsAlike = JSON.stringify(settingsOf(base)) === JSON.stringify(settingsOf(current));
  const unsearched: string[] = [];
  const tried = [...base.rules, ...current.rules].filter((r) => {
    const limit = wildcardLimit((r.specifier?.match(/\*/g) ?? []).length);
    if (limit === undefined) return true;
    const changed = !inBase.has(key(r)) || !inCurrent.has(key(r));
    if (changed || !settingsAlike) unsearched.push(`${r.text}: ${limit}`);
    return false;
  });
  const area = {
    name: 'Qwen Code tool calls',
    candidates: (): Iterable<Candidate<QwenRequest>> => uniqueCandidates(tried.flatMap((r) => ruleRequests(r, current.root).map((q): QwenRequest => ({ ...q, mode: 'default' }))), (q) => q.tool),
  };
  const decide = (q: QwenRequest): [Verdict, Verdict] => [evaluateQwen(base, q, ctx), evaluateQwen(current, q, ctx)];
  return { base, current, areas: [area], decide, describe: describeCall, subject: (q) => q.command ?? q.path ?? q.url ?? null, known, deadline, unsearched: [...new Set(unsearched)] };
}

/** What a Qwen decision depends on besides the rules. */
function settingsOf(rs: QwenRuleSet): unknown[] {
  return [rs.approvalMode, rs.includeDirectories, rs.trustedMcpServers, rs.workspaceLayer, rs.root];
}

/** Qwen Code's witness search (`Dialect.witnesses`). */
export const qwenWitnesses = sliced(qwenSearchSpec);
