import type { Rule, RuleSet } from '../../model';

/** The flags of Copilot CLI that grant or refuse permissions (`copilot help permissions`). */
export type CopilotFlag =
  | 'allow-tool'
  | 'deny-tool'
  | 'allow-url'
  | 'deny-url'
  | 'allow-all-tools'
  | 'allow-all-paths'
  | 'allow-all-urls'
  | 'allow-all'
  | 'add-dir'
  | 'disallow-temp-dir'
  | 'available-tools'
  | 'excluded-tools';

/** A `--allow-tool` / `--deny-tool` value as `permissionsParseRuleValue` reads it: `kind(argument?)`. */
export interface ToolPattern {
  kind: string;
  argument?: string;
}

/** One permission flag of one `copilot` invocation. */
export interface CopilotRule extends Rule {
  flag: CopilotFlag;
  /** The flag's value (one comma-separated part of it); undefined for switches. */
  value?: string;
  /** The parsed tool pattern of `--allow-tool` / `--deny-tool`; undefined when malformed. */
  pattern?: ToolPattern;
  /** The 0-based invocation the flag belongs to (a workflow may run `copilot` several times). */
  invocation: number;
}

/** One `copilot` command line of the file, with the settings its flags make. */
export interface CopilotInvocation {
  /** 1-based line where the command starts. */
  line: number;
  /** `-p` / `--prompt`: no one answers a prompt, so an ask is a denial. */
  prompt: boolean;
  /** Flags RuleLens does not model that change approvals (`--autopilot`, `--mode`, `--assisted-approval`). */
  unmodelled: string[];
  /** A malformed `--allow-tool` / `--deny-tool` value: Copilot CLI refuses to start. */
  malformed: boolean;
}

export interface CopilotRuleSet extends RuleSet<CopilotRule> {
  dialect: 'copilot';
  /** What the file is: RuleLens's flags file, a GitHub workflow or a shell script. */
  form: 'flags' | 'workflow' | 'script';
  invocations: CopilotInvocation[];
}

/** The tools a request names, as Copilot CLI's model calls them. */
export type CopilotToolKind = 'shell' | 'read' | 'write' | 'url' | 'mcp';

/** A tool call to decide. */
export interface CopilotRequest {
  tool: string;
  command?: string;
  path?: string;
  url?: string;
  /** 1-based invocation of the file whose flags decide (default 1). */
  invocation?: number;
  /** Whether a person answers prompts; default: not when the invocation passes `-p` (and never for a flags file). */
  interactive?: boolean;
}

/** Registers this dialect's id (see `DialectIds`). */
declare module '../../model/rule' {
  interface DialectIds {
    copilot: true;
  }
}
