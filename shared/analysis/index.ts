import type { Finding, RuleSet } from '../model';
import type { LintContext } from '../dialects/dialect';

/**
 * Automata-based findings for a rule set (shadowed/overridden denies, dead rules, catch-alls),
 * per dialect. Dialects without an analyser yet contribute nothing here; their own `lint` still runs.
 * @example analyzeRuleSet(parseOpencode(file)).map((f) => f.code)
 */
export function analyzeRuleSet(_rs: RuleSet, _ctx: LintContext = {}): Finding[] {
  return [];
}
