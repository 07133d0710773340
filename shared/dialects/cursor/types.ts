import type { Range, Rule, RuleSet } from '../../model';

/** The permission types Cursor CLI documents, spelled exactly (entries are exact strings). */
export const CURSOR_TYPES = ['Shell', 'Read', 'Write', 'WebFetch', 'Mcp'] as const;
export type CursorType = (typeof CURSOR_TYPES)[number];

/** Where a rule's file sits among Cursor CLI's files. */
export type CursorLayer = 'project' | 'global';

/** One `permissions.allow` / `permissions.deny` entry as Cursor CLI reads it. */
export interface CursorRule extends Rule {
  native: 'allow' | 'deny';
  /** The entry as written (`Shell(git)`). */
  text: string;
  /** The type when the entry is `Type(argument)` with a documented type; undefined: never matches. */
  type?: CursorType;
  /** The text between the parentheses. */
  argument: string;
  /** Shell: the glob over the command's first token, and the optional glob over its arguments (`curl:*`). */
  commandBase?: string;
  args?: string;
  /** Mcp: the server and tool names (`*` for any). */
  server?: string;
  tool?: string;
  /** Why the entry can never match, when it cannot (unknown type, bad shape). */
  never?: string;
  /** The entry's layer and where its value is written. */
  cursorLayer: CursorLayer;
  valueRange: Range;
}

export interface CursorRuleSet extends RuleSet<CursorRule> {
  dialect: 'cursor';
  /** True when the file itself is not in force (Cursor replaces or ignores it): its rules are kept for lints only. */
  ignored: boolean;
  /** The checked file's own layer. */
  layer: CursorLayer;
  /** The workspace a project file scopes relative paths to (the folder holding `.cursor/`). */
  workspace?: string;
}

export type CursorTool = CursorType;

/** A tool call to decide. */
export interface CursorRequest {
  tool: CursorTool;
  command?: string;
  path?: string;
  url?: string;
  server?: string;
  mcpTool?: string;
  /** Print mode (`-p`), headless. */
  printMode: boolean;
  /** `--force` (`-f`): "Force allow commands unless explicitly denied". */
  force: boolean;
  /** The workspace root relative paths are scoped to (default: the project root). */
  workspace?: string;
}

/** Registers this dialect's id (see `DialectIds`). */
declare module '../../model/rule' {
  interface DialectIds {
    cursor: true;
  }
}
