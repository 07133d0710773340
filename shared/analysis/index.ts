import type { Finding, RuleSet } from '../model';
import type { LintContext } from '../dialects/dialect';
import type { OpencodeRuleSet } from '../dialects/opencode/rules';
import { Deadline } from './budget';
import { analyzeOpencode } from './opencode';
import { opencodeWitnessFinder } from './diff-opencode';
import { registerWitnessFinder } from '../diff/witness';

// Whoever imports the analyser (CLI, server, tests) gets change-impact witnesses with it.
registerWitnessFinder('opencode', opencodeWitnessFinder);

/**
 * Automata-based findings for a rule set (shadowed/overridden denies, dead rules, catch-alls),
 * per dialect. Dialects without an analyser contribute nothing here; their own `lint` still runs.
 * Never throws for a budget: past it, one `analysis-budget` finding says which rule went unanalysed.
 * @example analyzeRuleSet(parseOpencode(file)).map((f) => f.code) // ['shadowed-deny', 'broad-catch-all']
 */
export function analyzeRuleSet(rs: RuleSet, ctx: LintContext = {}): Finding[] {
  const deadline = new Deadline();
  switch (rs.dialect) {
    case 'opencode':
      return analyzeOpencode(rs as OpencodeRuleSet, ctx, deadline);
    default:
      return [];
  }
}

export { rulesDecisions, witnessFor } from './decides';
export { MAX_DFA_STATES, MAX_MS_PER_FILE, MAX_ANALYSED_PATTERN_CHARS } from './budget';
export { findOpencodeWitnesses } from './diff-opencode';
