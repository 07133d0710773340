import * as path from 'path';
import type { Decision } from '../../model';

/**
 * The OpenCode release whose built-in rules are modelled here, and where they were read. The npm
 * package `opencode-ai` of this version is the differential tests' oracle
 * (test/differential/opencode.diff.ts), so the table and the oracle cannot drift apart silently.
 *
 * V1 (`permission`): packages/opencode/src/agent/agent.ts (Agent.state), the config loader's legacy
 * `tools` conversion in packages/opencode/src/config/config.ts and the agent schema's per-agent
 * `tools` transform, as bundled in opencode-ai 1.18.33.
 * V2 (`permissions`): packages/core/src/plugin/agent.ts of the same release (the `opencode2` engine).
 */
export const OPENCODE_VERSION = '1.18.33';
export const OPENCODE_SOURCE_V1 = 'packages/opencode/src/agent/agent.ts';
export const OPENCODE_SOURCE_V2 = 'packages/core/src/plugin/agent.ts';

/** One built-in rule: action pattern, resource pattern, effect — in the agent's own order. */
export type BuiltinRule = readonly [action: string, resource: string, effect: Decision];

/** The machine-dependent folders OpenCode's built-in rules name. */
export interface BuiltinPaths {
  /** `$XDG_DATA_HOME/opencode`, by default `<home>/.local/share/opencode`. */
  data: string;
  /** `os.tmpdir()/opencode`. */
  tmp: string;
  /** The project's worktree (git top level; `/` outside a repository). */
  worktree: string;
}

/** Where OpenCode keeps its data under a home folder when XDG_DATA_HOME is not set. */
export function defaultPaths(home: string, worktree: string): BuiltinPaths {
  return { data: path.posix.join(home, '.local', 'share', 'opencode'), tmp: TMP_DIR, worktree };
}

/** os.tmpdir() on Linux and macOS without TMPDIR; the checking machine's TMPDIR is deliberately not read. */
export const TMP_DIR = '/tmp/opencode';

/** The tool-output folder glob OpenCode always lets agents read (`Truncate.GLOB`). */
export function toolOutputGlob(p: BuiltinPaths): string {
  return path.posix.join(p.data, 'tool-output', '*');
}

function externalDirectory(p: BuiltinPaths): BuiltinRule[] {
  return [
    ['external_directory', '*', 'ask'],
    ['external_directory', toolOutputGlob(p), 'allow'],
    ['external_directory', path.posix.join(p.tmp, '*'), 'allow'],
  ];
}

const READ_DEFAULTS: BuiltinRule[] = [
  ['read', '*', 'allow'],
  ['read', '*.env', 'ask'],
  ['read', '*.env.*', 'ask'],
  ['read', '*.env.example', 'allow'],
];

const DENY_ALL: BuiltinRule[] = [['*', '*', 'deny']];

function planEdits(p: BuiltinPaths): BuiltinRule[] {
  return [
    ['edit', '*', 'deny'],
    ['edit', path.posix.join('.opencode', 'plans', '*.md'), 'allow'],
    ['edit', path.posix.relative(p.worktree, path.posix.join(p.data, 'plans', '*.md')), 'allow'],
  ];
}

/** The rules every V1 agent starts with (`defaults` in Agent.state). */
export function v1Defaults(p: BuiltinPaths): BuiltinRule[] {
  return [
    ['*', '*', 'allow'],
    ['doom_loop', '*', 'ask'],
    ...externalDirectory(p),
    ['question', '*', 'deny'],
    ['plan_enter', '*', 'deny'],
    ['plan_exit', '*', 'deny'],
    ...READ_DEFAULTS,
  ];
}

/** Each built-in V1 agent's own rules, placed after the defaults and before the user's rules. */
export function v1Agents(p: BuiltinPaths): Record<string, BuiltinRule[]> {
  return {
    build: [
      ['question', '*', 'allow'],
      ['plan_enter', '*', 'allow'],
    ],
    plan: [
      ['question', '*', 'allow'],
      ['plan_exit', '*', 'allow'],
      ['task', 'general', 'deny'],
      ['external_directory', path.posix.join(p.data, 'plans', '*'), 'allow'],
      ...planEdits(p),
    ],
    general: [['todowrite', '*', 'deny']],
    explore: [
      ['*', '*', 'deny'],
      ['grep', '*', 'allow'],
      ['glob', '*', 'allow'],
      ['list', '*', 'allow'],
      ['bash', '*', 'allow'],
      ['webfetch', '*', 'allow'],
      ['websearch', '*', 'allow'],
      ['read', '*', 'allow'],
      ...externalDirectory(p),
    ],
    compaction: DENY_ALL,
    title: DENY_ALL,
    summary: DENY_ALL,
  };
}

/**
 * The rule V1 appends to every agent last, unless the agent's list already denies exactly the
 * tool-output glob: agents may always read their own truncated tool output.
 */
export function v1Trailing(p: BuiltinPaths): BuiltinRule {
  return ['external_directory', toolOutputGlob(p), 'allow'];
}

/** V2 (`opencode2`): no `doom_loop` default; config-only agents start with nothing built in. */
export function v2Defaults(p: BuiltinPaths): BuiltinRule[] {
  return [['*', '*', 'allow'], ...externalDirectory(p), ['question', '*', 'deny'], ['plan_enter', '*', 'deny'], ['plan_exit', '*', 'deny'], ...READ_DEFAULTS];
}

/** Each built-in V2 agent's own rules (V2 renames `bash` → `shell`, `task` → `subagent`). */
export function v2Agents(p: BuiltinPaths): Record<string, BuiltinRule[]> {
  return {
    build: [
      ['question', '*', 'allow'],
      ['plan_enter', '*', 'allow'],
    ],
    plan: [
      ['question', '*', 'allow'],
      ['plan_exit', '*', 'allow'],
      ['external_directory', path.posix.join(p.data, 'plans', '*'), 'allow'],
      ...planEdits(p),
    ],
    general: [['todowrite', '*', 'deny']],
    explore: [
      ['*', '*', 'deny'],
      ['grep', '*', 'allow'],
      ['glob', '*', 'allow'],
      ['webfetch', '*', 'allow'],
      ['websearch', '*', 'allow'],
      ['read', '*', 'allow'],
      ...externalDirectory(p),
    ],
    compaction: DENY_ALL,
    title: DENY_ALL,
    summary: DENY_ALL,
  };
}

/** The agent a request without `agent` runs as, unless the config names another (`default_agent`). */
export const DEFAULT_AGENT = 'build';

/** V2 spellings of V1 action names: newer OpenCode renames the tools. */
export const V2_ACTION_NAMES: Readonly<Record<string, string>> = { bash: 'shell', task: 'subagent' };

/**
 * The actions whose resources are shell commands, in either spelling.
 * @example COMMAND_ACTIONS.includes('shell') // true
 */
export const COMMAND_ACTIONS: readonly string[] = ['bash', 'shell'];
