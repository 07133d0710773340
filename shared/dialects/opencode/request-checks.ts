import { finding, type Finding, type RuleSet } from '../../model';
import { parseJson, prop, properties } from '../../json/tree';
import { suggestWord } from '../../requests/fields';
import type { StoredRequest } from '../../requests/model';

/**
 * OpenCode's own agents, always present unless a config disables them
 * (packages/opencode/src/agent/agent.ts: build, plan, general, explore and the hidden
 * compaction, title, summary).
 */
export const OPENCODE_BUILTIN_AGENTS: readonly string[] = ['build', 'plan', 'general', 'explore', 'compaction', 'title', 'summary'];

const agentsCache = new WeakMap<RuleSet, readonly string[]>();

/**
 * Every agent an OpenCode config makes available: the built-in ones plus each key of `agent` /
 * `agents`, less those with `"disable": true`.
 * @example opencodeAgents(rs) // ['build', 'plan', …, 'reviewer']
 */
export function opencodeAgents(rs: RuleSet): readonly string[] {
  const cached = agentsCache.get(rs);
  if (cached) return cached;
  const names = new Set(OPENCODE_BUILTIN_AGENTS);
  const root = parseJson(rs.source.text).root;
  for (const key of ['agent', 'agents']) {
    const container = prop(root, key);
    for (const p of properties(container ?? { type: 'null' } as never)) {
      const disabled = p.value?.type === 'object' && prop(p.value, 'disable')?.value === true;
      if (disabled) names.delete(p.key);
      else names.add(p.key);
    }
  }
  const list = [...names];
  agentsCache.set(rs, list);
  return list;
}

/**
 * Why a request names an agent the agent would not run, or undefined. OpenCode looks the agent up
 * by exact name and has no fallback, so such a request tests nothing real.
 * @example unknownAgentProblem(rs, 'biuld') // 'unknown agent "biuld" — did you mean "build"? …'
 */
export function unknownAgentProblem(rs: RuleSet, agent: string): string | undefined {
  const known = opencodeAgents(rs);
  if (known.includes(agent)) return undefined;
  const near = suggestWord(agent, known);
  const defined = known.filter((a) => !OPENCODE_BUILTIN_AGENTS.includes(a));
  return `unknown agent "${agent}"${near ? ` — did you mean "${near}"?` : ''} (built in: ${OPENCODE_BUILTIN_AGENTS.slice(0, 4).join(', ')}${defined.length ? `; this config defines: ${defined.join(', ')}` : ''})`;
}

/**
 * A request naming an agent the config does not have, as a warning on its `agent` field: the
 * request still runs, and the engine decides it itself (OpenCode refuses it: deny).
 * @example unknownAgentFinding(rs, stored)?.message // 'unknown agent "biuld" — did you mean "build"? …: OpenCode refuses a session with it'
 */
export function unknownAgentFinding(rs: RuleSet, stored: StoredRequest): Finding | undefined {
  const agent = (stored.request as { agent?: unknown }).agent;
  if (typeof agent !== 'string') return undefined;
  const problem = unknownAgentProblem(rs, agent);
  return problem ? finding('request-invalid', 'warning', `${problem}: OpenCode refuses a session with it`, stored.fieldRanges?.agent ?? stored.nameRange, { data: { request: stored.name } }) : undefined;
}
