import type { Rule, RuleSet, Range } from '../../model';
import type { Wildcard, CompiledWildcard } from '../../patterns/wildcard';

/** The permission modes a settings file or a request may name (`manual` is read as `default`). */
export const CLAUDE_MODES = ['default', 'acceptEdits', 'plan', 'auto', 'dontAsk', 'bypassPermissions'] as const;
export type ClaudeMode = (typeof CLAUDE_MODES)[number];
/** Spellings accepted in files and requests, mapped to the mode they mean. */
export const MODE_ALIASES: Readonly<Record<string, ClaudeMode>> = { manual: 'default' };

/** The three rule lists, in the order the agent consults them. */
export const TIERS = ['deny', 'ask', 'allow'] as const;
export type Tier = (typeof TIERS)[number];

/** Settings layers, highest precedence first (precedence only matters for scalar keys like `defaultMode`). */
export const LAYERS = ['managed', 'local', 'project', 'user'] as const;
export type LayerName = (typeof LAYERS)[number];

/** Each layer as people name it (trace rows, hovers, JSON `layer`). */
export const LAYER_TITLES: Readonly<Record<LayerName, string>> = {
  managed: 'managed settings',
  local: 'local settings',
  project: 'project settings',
  user: 'user settings',
};

/** The `permissions` switches that are the agent's own guards, beside the rules. */
export const GUARD_KEYS = ['blockWritesOutsideWorkingDirectories', 'blockReadsOutsideWorkingDirectories', 'denyInsteadOfPrompting'] as const;
export type GuardKey = (typeof GUARD_KEYS)[number];

/** Where a guard (or `disableAllHooks`) is switched on: the layer, its file, the place of the value. */
export interface SettingSource {
  layer: LayerName;
  path: string;
  range: Range;
}

/** A `PreToolUse` hook as configured: the agent runs it before its permission check. */
export interface ClaudeHook {
  /** `matcher` as written ('' and '*' match every tool). */
  matcher: string;
  /** The command (or, for other hook types, the type's own description). */
  command: string;
  layer: LayerName;
  path: string;
  /** The hook entry's place in its file. */
  range: Range;
}

/** What a project skill's definition says that matters for its permission: does it widen what runs? */
export interface SkillInfo {
  path: string;
  /** True when its front matter holds only keys that run nothing (no `allowed-tools`, no hooks…). */
  safe: boolean;
  /** The first key that makes it unsafe, for the trace. */
  why?: string;
}

/** A path rule's anchor: where the pattern's first segment is resolved from. */
export type PathAnchor = 'absolute' | 'home' | 'source' | 'cwd';

/** What a rule tests, compiled once at parse time. */
export type RuleMatcher =
  /** `Bash(spec)`: the specifier in the canonical wildcard form. */
  | { kind: 'bash'; pattern: Wildcard; compiled: CompiledWildcard }
  /** `Read(p)` / `Edit(p)`: a gitignore-style pattern resolved per request (the cwd anchor varies). */
  | { kind: 'path'; family: 'read' | 'edit'; anchor: PathAnchor; body: string; anyDepth: boolean }
  /** `WebFetch(domain:h)`: the host pattern, lower-cased, trailing dot removed. */
  | { kind: 'domain'; pattern: Wildcard; compiled: CompiledWildcard }
  /** `mcp__srv`, `mcp__srv__*` (prefix) or `mcp__srv__tool` (exact). */
  | { kind: 'mcp'; server: string; tool: string | null }
  /** A bare tool name: matches every call of that tool (and of its family for Read/Edit). */
  | { kind: 'tool'; name: string }
  /** A tool name with `*` that is not an MCP server prefix (`*`, `B*`, `mcp__*`). */
  | { kind: 'tool-glob'; pattern: Wildcard; compiled: CompiledWildcard }
  /** A specifier on another tool (`Task(reviewer)`, `Skill(deploy)`): matched against the tool's subject. */
  | { kind: 'generic'; name: string; pattern: Wildcard; compiled: CompiledWildcard }
  /** Accepted by the agent but never consulted (`Write(...)`, `MultiEdit(...)`, `Glob(...)`). */
  | { kind: 'never'; name: string; reason: string }
  /** Not understood (grammar error): ignored by evaluation, reported by parse. */
  | { kind: 'invalid' };

/** One Claude Code permission rule, with the layer and file it came from. */
export interface ClaudeRule extends Rule {
  tier: Tier;
  /** The rule string exactly as written (`Bash(npm run test *)`). */
  text: string;
  /** Tool name as written, before any `(`. */
  tool: string;
  specifier: string | null;
  matcher: RuleMatcher;
  /** The settings file the rule came from. */
  file: string;
  scope: LayerName;
  /** The directory `/p` path patterns are relative to (project root, or `~/.claude` for user settings). */
  sourceRoot: string;
  /** Range of the rule string's contents (inside the quotes). */
  textRange: Range;
}

/** One settings file that contributed to a rule set. */
export interface ClaudeLayer {
  name: LayerName;
  path: string;
}

export interface ClaudeRuleSet extends RuleSet<ClaudeRule> {
  dialect: 'claude';
  /** `permissions.defaultMode` of the highest-precedence layer that sets it; `default` otherwise. */
  mode: ClaudeMode;
  /** Absolute project root: the folder holding `.claude/` (or the file's folder). */
  root: string;
  additionalDirectories: string[];
  layers: ClaudeLayer[];
  /** Findings of layers other than `path` (their ranges refer to those files). */
  layerFindings: Array<{ path: string; findings: RuleSet['findings'] }>;
  /** The agent's guards in force, each with the layer that switched it on (absent: off). */
  guards: Partial<Record<GuardKey, SettingSource>>;
  /** `PreToolUse` hooks in force (after `disableAllHooks` and `allowManagedHooksOnly`). */
  hooks: ClaudeHook[];
  /** Where `disableAllHooks` switched every hook off, when it did. */
  hooksOff?: SettingSource;
  /** The project's skills by name (`.claude/skills/<name>/SKILL.md`), when the policy read them. */
  skills?: Readonly<Record<string, SkillInfo>>;
}

/** A stored or live request to the claude dialect. */
export interface ClaudeRequest {
  tool: string;
  command?: string;
  path?: string;
  url?: string;
  input?: Record<string, unknown>;
  mode?: ClaudeMode;
  cwd?: string;
  /** What the `PreToolUse` hooks answer, pinned for testing (`none`: they answer nothing); unset: hook-dependent. */
  hook?: HookAnswer;
}

/** The answers a stored request may pin for the hooks. */
export const HOOK_ANSWERS = ['allow', 'ask', 'deny', 'none'] as const;
export type HookAnswer = (typeof HOOK_ANSWERS)[number];

/** Registers this dialect's id (see `DialectIds`). */
declare module '../../model/rule' {
  interface DialectIds {
    claude: true;
  }
}
