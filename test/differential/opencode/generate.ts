// Generated OpenCode V1 configs: wildcard keys, string shorthands, pattern maps, integer-like keys
// (JavaScript puts them first), home-relative patterns, legacy `tools` booleans, per-agent blocks
// for built-in and custom agents, disabled agents.
import fc from 'fast-check';

export const BUILTIN_AGENTS = ['build', 'plan', 'general', 'explore', 'compaction', 'title', 'summary'] as const;
const CUSTOM_AGENTS = ['reviewer', 'docs'];
const DECISION = fc.constantFrom('allow', 'ask', 'deny');
/** Keys that take only a decision string. */
const STRING_ONLY = ['webfetch', 'todowrite', 'question', 'doom_loop'];
const MAP_KEYS = ['*', 'edit', 'bash', 'read', 'external_directory', 'mcp_*', 'task', 'grep', '7', 'plan_exit'];
const PATTERNS = ['*', 'src/*', '*.env', '.env', 'git *', 'git  *', 'rm *', '~/notes/*', '$HOME/x', '$HOMEx', '~', '12', '3', 'general', '.opencode/plans/*.md', '/tmp/opencode/*', 'a?c'];
const TOOLS = ['bash', 'write', 'edit', 'patch', 'grep', 'webfetch', '2', 'task'];

const patternMap = fc.uniqueArray(fc.tuple(fc.constantFrom(...PATTERNS), DECISION), { selector: (t) => t[0], maxLength: 4 }).map((es) => Object.fromEntries(es));

const permissionObject = fc
  .uniqueArray(
    fc.oneof(
      fc.tuple(fc.constantFrom(...STRING_ONLY), DECISION),
      fc.tuple(fc.constantFrom(...MAP_KEYS), fc.oneof(DECISION, patternMap)),
    ),
    { selector: (t) => t[0], maxLength: 5 },
  )
  .map((es) => Object.fromEntries(es));

const permission = fc.oneof({ weight: 1, arbitrary: DECISION }, { weight: 5, arbitrary: permissionObject });

const tools = fc.uniqueArray(fc.tuple(fc.constantFrom(...TOOLS), fc.boolean()), { selector: (t) => t[0], minLength: 1, maxLength: 4 }).map((es) => Object.fromEntries(es));

const agentBlock = fc.record(
  { permission, tools, disable: fc.constant(true) },
  { requiredKeys: [] },
);

/** A generated config and the agent to ask about. */
export interface Case {
  config: Record<string, unknown>;
  agent: string;
}

export const configCase: fc.Arbitrary<Case> = fc
  .record(
    {
      permission,
      tools,
      agent: fc.uniqueArray(fc.tuple(fc.constantFrom(...BUILTIN_AGENTS, ...CUSTOM_AGENTS), agentBlock), { selector: (t) => t[0], maxLength: 3 }).map((es) => Object.fromEntries(es)),
    },
    { requiredKeys: [] },
  )
  .chain((config) => {
    const names = [...BUILTIN_AGENTS, ...Object.keys((config.agent as Record<string, unknown>) ?? {}), 'ghost'];
    return fc.constantFrom(...names).map((agent) => ({ config, agent }));
  });

/** Actions and resources to ask both sides about: the config's own words and near misses. */
export const probe = fc.record({
  action: fc.constantFrom('edit', 'bash', 'read', 'webfetch', 'todowrite', 'question', 'plan_exit', 'plan_enter', 'task', 'grep', 'mcp_x', 'external_directory', 'doom_loop', '7', '2', 'list'),
  resource: fc.constantFrom('src/a.ts', '.env', 'a.env', 'x.env.example', 'git', 'git ', 'git status', 'rm -rf x', 'general', '12', 'abc', '/tmp/opencode/f', '.opencode/plans/p.md', 'notes/a', ''),
});
