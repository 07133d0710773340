import type { Range, Rule, RuleSet } from '../../model';

/** The two kinds of file access a file tool is configured with. */
export const ACCESSES = ['read', 'write'] as const;
export type Access = (typeof ACCESSES)[number];

/** The refusal codes of the file-tool scope. */
export const PATHS_CODES = ['PATH_REQUIRED', 'PATH_SCOPE_DENIED', 'SHELL_SCOPE_DENIED'] as const;
export type PathsCode = (typeof PATHS_CODES)[number];

export interface FileTool {
  kind: 'file';
  name: string;
  pathArg: string;
  access: Access;
}

export interface ShellTool {
  kind: 'shell';
  name: string;
  commandArg: string;
  cwdArg?: string;
}

export type ToolConfig = FileTool | ShellTool;

/** One glob of `allow` or `deny`, as a rule: `deny read secrets/**`. */
export interface PathsRule extends Rule {
  access: Access;
  glob: string;
  /** picomatch's answer for the glob (linear matcher); undefined when undecided within its budget (fail closed). */
  test(relPath: string): boolean | undefined;
}

export interface PathsRuleSet extends RuleSet<PathsRule> {
  dialect: 'bounds-paths';
  /** The `root` field as written (default "."). */
  rootField: string;
  /** Absolute scope root: the folder holding `.attesso/` (or the file's folder), joined with `root`. */
  root: string;
  tools: Map<string, ToolConfig>;
  rootRange?: Range;
}

/** A stored request of the `bounds-paths` dialect. */
export interface BoundsPathsRequest {
  tool: string;
  args: Record<string, unknown>;
}

/** Registers this dialect's id (see `DialectIds`). */
declare module '../../model/rule' {
  interface DialectIds {
    'bounds-paths': true;
  }
}
