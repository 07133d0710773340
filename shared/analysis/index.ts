import type { Finding, RuleSet } from '../model';
import type { AnyDialect, LintContext } from '../dialects/dialect';
import { Deadline } from './budget';

/**
 * Automata-based findings for a rule set (shadowed/overridden denies, dead rules, catch-alls),
 * from the dialect's analysis. Dialects without one contribute nothing here; their own `lint` still runs.
 * Never throws for a budget: past it, one `analysis-budget` finding says which rule went unanalysed.
 * @example analyzeRuleSet(opencode, parseOpencode(file)).map((f) => f.code) // ['shadowed-deny', 'broad-catch-all']
 */
export function analyzeRuleSet(dialect: AnyDialect, rs: RuleSet, ctx: LintContext = {}): Finding[] {
  return dialect.analysis ? dialect.analysis.lint(rs, ctx, new Deadline()) : [];
}

export { rulesDecisions, witnessFor } from './decides';
export { MAX_DFA_STATES, MAX_MS_PER_FILE, MAX_ANALYSED_PATTERN_CHARS } from './budget';
