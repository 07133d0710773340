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
}

/** Registers this dialect's id (see `DialectIds`). */
declare module '../../model/rule' {
  interface DialectIds {
    claude: true;
  }
}
