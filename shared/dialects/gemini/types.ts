import type { ArgsPattern } from './args-pattern';
import type { Range, Rule, RuleSet } from '../../model';

export type GeminiNative = 'allow' | 'deny' | 'ask_user';
export type GeminiMode = 'default' | 'autoEdit' | 'yolo' | 'plan';
export const GEMINI_MODES: readonly GeminiMode[] = ['default', 'autoEdit', 'yolo', 'plan'];

/** Policy tiers: effective priority = tier + priority / 1000. */
export const TIERS = { default: 1, extension: 2, workspace: 3, user: 4, admin: 5 } as const;
export type TierName = keyof typeof TIERS;

/** The tool Gemini's shell rules (`commandPrefix`, `commandRegex`) apply to. */
export const SHELL_TOOL = 'run_shell_command';
export const SHELL_TOOL_NAMES = ['run_shell_command', 'ShellTool'];

/** One expanded rule (a `[[rule]]` with array `toolName`/`commandPrefix` yields one per element). */
export interface GeminiRule extends Rule {
  native: GeminiNative;
  /** Index of the `[[rule]]` table in the file. */
  table: number;
  toolName: string;
  mcpName?: string;
  subagent?: string;
  /** The compiled pattern over the stable-stringified arguments (commandPrefix/commandRegex become one). */
  argsPattern?: ArgsPattern;
  argsSource?: string;
  commandPrefix?: string;
  commandRegex?: string;
  /** 0–999 as written. */
  priority: number;
  /** tier + priority / 1000. */
  effective: number;
  modes?: GeminiMode[];
  interactive?: boolean;
  allowRedirection?: boolean;
  toolAnnotations?: Record<string, unknown>;
  denyMessage?: string;
  /** Where the fields were written, for lints. */
  at: { toolName?: Range; priority?: Range; decision?: Range; commandPrefix?: Range; commandRegex?: Range; argsPattern?: Range; mcpName?: Range };
  /** True for the modelled built-in default tier (not a rule of the file). */
  builtin?: boolean;
}

export interface GeminiRuleSet extends RuleSet<GeminiRule> {
  dialect: 'gemini';
  tier: TierName;
  /** Rules in the order the engine tries them: descending effective priority, load order kept. */
  ordered: GeminiRule[];
  /** The whole file is ignored by Gemini (TOML or schema error): no rule of it applies. */
  dropped: boolean;
}

/** A tool call to decide. */
export interface GeminiRequest {
  tool: string;
  args: Record<string, unknown>;
  mode: GeminiMode;
  interactive: boolean;
  /** An MCP server name (otherwise taken from `mcp_<server>_<tool>`). */
  server?: string;
  subagent?: string;
  annotations?: Record<string, unknown>;
  /** What Gemini's built-in default policies decide for a tool no rule of this file matches. */
  fallback?: GeminiNative;
}

/** Registers this dialect's id (see `DialectIds`). */
declare module '../../model/rule' {
  interface DialectIds {
    gemini: true;
  }
}
