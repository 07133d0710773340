import type { Rule, RuleSet } from '../../model';
import type { Wildcard, CompiledWildcard } from '../../patterns/wildcard';
import type { Range } from '../../model';

export type OpencodeForm = 'v1' | 'v2';

/** One flattened OpenCode rule: an action pattern, a resource pattern and an effect. */
export interface OpencodeRule extends Rule {
  action: string;
  resource: string;
  /** Patterns after home expansion, as the agent matches them. */
  actionPattern: Wildcard;
  resourcePattern: Wildcard;
  actionMatcher: CompiledWildcard;
  resourceMatcher: CompiledWildcard;
  form: OpencodeForm;
  /** null: top level; otherwise the agent name whose section holds the rule. */
  agent: string | null;
  actionRange: Range;
  resourceRange: Range;
  effectRange: Range;
}

export interface OpencodeRuleSet extends RuleSet<OpencodeRule> {
  dialect: 'opencode';
  /** Agents that have a permission section of their own. */
  agents: string[];
}

/** A request as OpenCode's permission check receives it. */
export interface OpencodeRequest {
  action: string;
  resources: string[];
  agent?: string;
  saved?: Array<{ action: string; resource: string }>;
}
