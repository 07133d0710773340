import type { Decision } from './decision';
import type { Finding } from './finding';
import type { Range, SourceText } from './source';

/**
 * The ids of the registered dialects, one key each. A dialect declares its own id in its folder
 * (`declare module '../../model/rule' { interface DialectIds { opencode: true } }`), so adding one
 * touches no generic code, and an id that no dialect declares is still a type error.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the declaration-merging target each dialect adds its id to
export interface DialectIds {}

/** A registered dialect's id: `'opencode'`, `'claude'`, … (see `DialectIds`). */
export type DialectId = Extract<keyof DialectIds, string>;

/** One rule as the agent sees it, with where it came from in the file. */
export interface Rule {
  /** 0-based position in the file's rule order (the order the dialect evaluates in, before tiers). */
  index: number;
  /**
   * The 1-based number people see ("rule 4") when it is not `index + 1`: oh-my-pi numbers its
   * `bash.patterns` entries, and an entry the agent drops keeps its number.
   */
  number?: number;
  /** A rule's own name where the dialect has one (bounds ids); otherwise null. */
  id: string | null;
  decision: Decision;
  /** The dialect's own word for the decision (omp `prompt`, bounds `DENY`). */
  native: string;
  /** A one-line rendering for people: `edit secrets/* deny`, `Bash(rm -rf *) deny`. */
  label: string;
  /** The rule's whole source range. */
  range: Range;
  /**
   * The line `range` starts on, where the dialect tells it without building the range (a lens
   * on each of thousands of rules needs the line alone).
   */
  readonly startLine?: number;
  /** Where this rule came from when a file holds several scopes (an agent, a settings layer). */
  scope?: string;
  /**
   * Set on a rule the agent adds that is not written in this file (a built-in default, another
   * config file): the layer's name for people, e.g. "built-in defaults, OpenCode 1.18.33". Such a
   * rule has no place in the file: its `range` is an empty placeholder that must never be shown.
   */
  layer?: string;
  /**
   * The file the rule is written in when it is another file of the policy than the rule set's own
   * (a sibling settings layer, another `.rules` file of the folder): `range` is then a place in
   * that file. Absent for rules of the checked file and for built-in rules.
   */
  file?: string;
}

/**
 * Whether a rule is written in the file (false for rules of a built-in or other layer).
 * @example inFile(rs.rules[0]) // false when rule 1 is a built-in default
 */
export function inFile(rule: Rule): boolean {
  return rule.layer === undefined;
}

/**
 * The number a rule is shown with: "rule N" in text and `index` N - 1 in JSON are one numbering.
 * @example ruleNumber({ index: 1 }) // 2
 */
export function ruleNumber(r: { index: number; number?: number }): number {
  return r.number ?? r.index + 1;
}

/** The parsed rules of one file plus everything wrong with it. Never thrown: always returned. */
export interface RuleSet<R extends Rule = Rule> {
  dialect: DialectId;
  path: string;
  source: SourceText;
  rules: R[];
  findings: Finding[];
  /**
   * The same file with the agent's built-in layers left out (the file alone), when the dialect adds
   * such layers; a requests file with `"builtins": false` runs against it.
   */
  withoutBuiltins?: RuleSet<R>;
  /** A request the file itself carries (omp's classification form `{"command", "patterns", "mode"}`). */
  embedded?: { request: unknown; range: Range } | null;
  /**
   * Requests the file itself states with their expectations (Codex `match` / `not_match`
   * examples), run like stored requests and listed with them.
   */
  ownRequests?: Array<{ name: string; request: unknown; expect: { decision: string | null; fields: Record<string, unknown> }; range: Range }>;
  /**
   * The checked file's own layer as people name it ("project settings", "user tier"), where the
   * dialect reads the file as one layer of a policy.
   */
  layerName?: string;
  /**
   * Every file of the policy this rule set was read from, the checked file first, each with its
   * layer: the files whose edits change this file's decisions. Absent when the file stands alone.
   */
  members?: PolicyMemberRef[];
  /** Findings on the policy's other files (their ranges are places in those files). */
  memberFindings?: Array<{ path: string; findings: Finding[] }>;
}

/** One file of a policy as a rule set records it. */
export interface PolicyMemberRef {
  path: string;
  /** The layer for people: "local settings", "user tier", "`.opencode/` config". */
  layer: string;
  /** False for a file the agent would read that does not exist (yet): creating it changes decisions. */
  present: boolean;
}

/** Where a rule comes from, for a trace row, a hover or JSON. */
export interface RuleSource {
  /** The file the rule is written in; null for a built-in rule. */
  file: string | null;
  /** 1-based line in that file; null for a built-in rule. */
  line: number | null;
  /** The layer for people ("project settings", "built-in defaults, OpenCode 1.18.33"). */
  layer: string;
}

/**
 * Where a rule of a rule set is written: its file and line (none for a built-in rule) and its layer.
 * @example ruleSource(rs, rs.rules[0]) // { file: '/p/.claude/settings.local.json', line: 3, layer: 'local settings' }
 */
export function ruleSource(rs: Pick<RuleSet, 'path' | 'layerName'>, rule: Rule): RuleSource {
  const builtin = rule.layer !== undefined && rule.file === undefined;
  const line = builtin ? null : (rule.startLine ?? rule.range.start.line) + 1;
  return { file: builtin ? null : rule.file ?? rs.path, line, layer: rule.layer ?? rs.layerName ?? 'this file' };
}
