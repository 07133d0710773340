import type { Rule, RuleSet } from '../../model';
import type { Wildcard } from '../../patterns/wildcard';
import type { Range } from '../../model';

export type OpencodeForm = 'v1' | 'v2';

/** One flattened OpenCode rule: an action pattern, a resource pattern and an effect. */
export interface OpencodeRule extends Rule {
  action: string;
  resource: string;
  /** Patterns after home expansion, as the agent matches them. */
  actionPattern: Wildcard;
  resourcePattern: Wildcard;
  form: OpencodeForm;
  /** null: top level; otherwise the agent name whose section holds the rule. */
  agent: string | null;
  /** The legacy `tools` entry this rule was converted from (`tools.edit: false` → `edit * deny`). */
  tool?: string;
  actionRange: Range;
  resourceRange: Range;
  effectRange: Range;
}

export interface OpencodeRuleSet extends RuleSet<OpencodeRule> {
  dialect: 'opencode';
  /**
   * Agents with rules of their own in this list: with the built-in layers, every agent OpenCode
   * knows (built in or configured, not disabled); without them, the agents the file gives rules.
   */
  agents: string[];
  /** The built-in layers this list holds, or null for the file alone (`--no-builtins`). */
  builtins: OpencodeBuiltins | null;
  withoutBuiltins?: OpencodeRuleSet;
  /**
   * The order OpenCode evaluates the rules in, as indices into `rules`, when it differs from the
   * list order: the file's rules keep their numbers (1…n, as written) and the built-in layers are
   * numbered after them, though most of them come first in evaluation. Absent: list order.
   */
  order?: number[];
}

/** Which built-in layers were added, and how requests pick their agent. */
export interface OpencodeBuiltins {
  /** The OpenCode release modelled (builtins.ts). */
  version: string;
  /** V1 (`permission`, the `opencode` CLI) or V2 (`permissions`, the `opencode2` engine). */
  form: OpencodeForm;
  /** The agent a request without `agent` runs as (`default_agent`, else `build`). */
  defaultAgent: string;
  /** Every agent OpenCode would run; any other is refused (every request denied). */
  known: string[];
}

/** A request as OpenCode's permission check receives it. */
export interface OpencodeRequest {
  action: string;
  resources: string[];
  agent?: string;
  saved?: Array<{ action: string; resource: string }>;
}

/** Registers this dialect's id (see `DialectIds`). */
declare module '../../model/rule' {
  interface DialectIds {
    opencode: true;
  }
}
