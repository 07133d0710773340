import type { Finding, RuleSet } from '../model';
import type { AnyDialect, LintContext } from '../dialects/dialect';
import { Deadline, MAX_MS_PER_FILE } from './budget';
import { finish, type Steps } from './steps';

/**
 * Automata-based findings for a rule set (shadowed/overridden denies, dead rules, catch-alls),
 * from the dialect's analysis. Dialects without one contribute nothing here; their own `lint` still runs.
 * Never throws for a budget: past it, one `analysis-budget` finding says which rule went unanalysed.
 * @example analyzeRuleSet(opencode, parseOpencode(file)).map((f) => f.code) // ['shadowed-deny', 'broad-catch-all']
 */
export function analyzeRuleSet(dialect: AnyDialect, rs: RuleSet, ctx: LintContext = {}): Finding[] {
  return finish(analysisSteps(dialect, rs, ctx));
}

/**
 * `analyzeRuleSet` as steps (see `Steps`), on the context's clock when it lends one (`ctx.clock`).
 * @example finish(analysisSteps(opencode, rs, {})).length
 */
export function* analysisSteps(dialect: AnyDialect, rs: RuleSet, ctx: LintContext = {}): Steps<Finding[]> {
  const analysis = dialect.analysis;
  if (!analysis) return [];
  const deadline = new Deadline(MAX_MS_PER_FILE, undefined, ctx.clock);
  return analysis.lintSteps ? yield* analysis.lintSteps(rs, ctx, deadline) : analysis.lint(rs, ctx, deadline);
}

export { rulesDecisions, witnessFor } from './decides';
export { MAX_DFA_STATES, MAX_MS_PER_FILE, MAX_ANALYSED_PATTERN_CHARS } from './budget';
