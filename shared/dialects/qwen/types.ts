import type { Range, Rule, RuleSet } from '../../model';

export type QwenTier = 'allow' | 'ask' | 'deny';
export type QwenMode = 'default' | 'auto-edit' | 'plan' | 'yolo' | 'auto';
export const QWEN_MODES: readonly QwenMode[] = ['default', 'auto-edit', 'plan', 'yolo', 'auto'];
export type SpecifierKind = 'command' | 'path' | 'domain' | 'literal';

/** One permission rule as Qwen Code's `parseRule` reads it, with the layer and key it came from. */
export interface QwenRule extends Rule {
  tier: QwenTier;
  /** The rule string, trimmed. */
  text: string;
  /** The canonical tool name (`Bash` → `run_shell_command`); an unknown name as written. */
  toolName: string;
  /** The specifier (`:*` already rewritten to ` *` for shell tools); undefined for a tool-only rule. */
  specifier?: string;
  kind?: SpecifierKind;
  /** `key:value` parts of a literal specifier (`Agent(subagent_type:Explore)`). */
  params?: Array<{ key: string; value: string }>;
  /** Unbalanced parentheses: Qwen ignores the rule. */
  invalid: boolean;
  /** `user settings`, `workspace settings`, `system settings`. */
  scope: string;
  /** The key it was written under (`permissions.allow`, `tools.allowed`, …). */
  key: string;
  /** Range of the rule string's contents. */
  textRange: Range;
  file: string;
}

export interface QwenRuleSet extends RuleSet<QwenRule> {
  dialect: 'qwen';
  /** The project root: the folder holding `.qwen/`. */
  root: string;
  /** `tools.approvalMode` of the highest layer that sets it; undefined = Qwen's default (auto). */
  approvalMode?: QwenMode;
  /** Extra workspace folders (`context.includeDirectories`, absolute). */
  includeDirectories: string[];
  /** MCP servers configured with `trust: true`. */
  trustedMcpServers: string[];
  /** The workspace file's rules are ignored when the folder is untrusted: kept here to drop per request. */
  workspaceLayer: string;
}

/** A tool call to decide. */
export interface QwenRequest {
  tool: string;
  command?: string;
  path?: string;
  url?: string;
  params?: Record<string, unknown>;
  mode?: QwenMode;
  /** Folder trust (`security.folderTrust`): an untrusted folder's `.qwen/settings.json` is ignored. */
  trusted?: boolean;
  /** `-p` headless: shell, monitor, edit and write_file are denied unless a tool-level allow names them. */
  interactive?: boolean;
}

/** Registers this dialect's id (see `DialectIds`). */
declare module '../../model/rule' {
  interface DialectIds {
    qwen: true;
  }
}
