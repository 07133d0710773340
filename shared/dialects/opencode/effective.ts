import { defaultPaths, DEFAULT_AGENT, OPENCODE_VERSION, toolOutputGlob, v1Agents, v1Defaults, v1Trailing, v2Agents, v2Defaults, type BuiltinRule } from './builtins';
import { BUILTIN_PATTERNS, expandHome, materialize, opencodeRuleSet, type RuleDraft, type UserRules } from './drafts';
import type { OpencodeRuleSet } from './rules';

/** How traces name the built-in layers. */
export function defaultsLayer(): string {
  return `built-in defaults, OpenCode ${OPENCODE_VERSION}`;
}
export function agentLayer(agent: string): string {
  return `built-in agent ${agent}, OpenCode ${OPENCODE_VERSION}`;
}
export function trailingLayer(): string {
  return `built-in, after every agent's rules, OpenCode ${OPENCODE_VERSION}`;
}

function drafts(rules: readonly BuiltinRule[], agent: string | null, layer: string, form: 'v1' | 'v2'): RuleDraft[] {
  return rules.map(([action, resource, effect]) => ({ action, resource, effect, form, agent, layer }));
}

/**
 * The effective rule list OpenCode runs, for every agent at once: rules with `agent: null` are
 * shared, an agent's own rules sit where OpenCode puts them, so filtering by agent in list order
 * (what the evaluator and the compiled form do) yields exactly one agent's list:
 *   V1: built-in defaults · the built-in agent's rules · the user's top-level rules (legacy `tools`
 *       folded in) · the agent's own rules · the tool-output allow OpenCode appends to every agent.
 *   V2: the same without the trailing allow; the defaults belong to the built-in agents only
 *       (an agent defined only in the config starts with nothing built in).
 * @example withBuiltins(bare, user, { home: '/home/u', worktree: '/p' }).rules[0].label // '* * allow — built-in defaults, OpenCode 1.18.33'
 */
export function withBuiltins(bare: OpencodeRuleSet, user: UserRules, where: { home: string; worktree: string }): OpencodeRuleSet {
  const paths = defaultPaths(where.home, where.worktree);
  const v2 = user.form === 'v2';
  const builtinTable = v2 ? v2Agents(paths) : v1Agents(paths);
  const defaults = v2 ? v2Defaults(paths) : v1Defaults(paths);
  const disabled = new Set(user.agents.filter((a) => a.disabled).map((a) => a.name));
  const builtinNames = Object.keys(builtinTable).filter((a) => !disabled.has(a));
  const configured = user.agents.filter((a) => !a.disabled).map((a) => a.name);
  // Lists are joined with `concat` rather than spread: spreading reads each list's elements kind,
  // and lists of another kind cost a deoptimization and a recompile of this function (a file
  // opened or edited runs it twice, once per version compared).
  const known = builtinNames.concat(configured.filter((c, i) => !builtinNames.includes(c) && configured.indexOf(c) === i));

  let list: RuleDraft[] = [];
  if (v2) for (const a of builtinNames) list = list.concat(drafts(defaults, a, defaultsLayer(), 'v2'));
  else list = list.concat(drafts(defaults, null, defaultsLayer(), 'v1'));
  for (const a of builtinNames) list = list.concat(drafts(builtinTable[a], a, agentLayer(a), v2 ? 'v2' : 'v1'));
  // The user's rules form one block of the list, from `first` on, `own` of them.
  const first = list.length;
  list = list.concat(user.top);
  for (const a of user.agents) list = list.concat(a.rules);
  const own = list.length - first;
  if (!v2) {
    const glob = toolOutputGlob(paths);
    for (const a of known) {
      // OpenCode skips the allow for an agent whose list already denies exactly that glob.
      const deniesIt = list.some((r) => (r.agent === null || r.agent === a) && r.action === 'external_directory' && r.effect === 'deny' && (r.form === 'v1' ? expandHome(r.resource, where.home) : r.resource) === glob);
      if (!deniesIt) list = list.concat(drafts([v1Trailing(paths)], a, trailingLayer(), 'v1'));
    }
  }
  const defaultAgent = user.defaultAgent ?? fallbackDefault(known, configured);
  // The file's rules keep their numbers (they are `bare`'s rules, shared, not rebuilt); built-in
  // rules are numbered after them, in list order.
  const builtins = list.slice(0, first).concat(list.slice(first + own));
  const order = list.map((_, i) => (i < first ? own + i : i < first + own ? i - first : i));
  const rules = bare.rules.concat(materialize(builtins, bare.source, where.home, BUILTIN_PATTERNS, own));
  return opencodeRuleSet(bare.path, bare.source, rules, bare.findings, known, { version: OPENCODE_VERSION, form: v2 ? 'v2' : 'v1', defaultAgent, known }, order, bare);
}

/** Without `default_agent`, OpenCode runs the first primary, visible agent: build, else plan, else a configured one. */
function fallbackDefault(known: string[], configured: string[]): string {
  for (const a of [DEFAULT_AGENT, 'plan']) if (known.includes(a)) return a;
  return configured[0] ?? DEFAULT_AGENT;
}
