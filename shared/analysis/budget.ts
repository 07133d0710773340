/**
 * The analyser's limits. Inclusion of pattern languages is decided exactly on finite automata, and
 * a determinization can in principle grow exponentially; these bounds keep every check finite. When
 * one is reached the analyser makes no claim about the rule concerned and reports it once per file
 * (lint `analysis-budget`), so a budget never turns into a false finding or a hang.
 */

/** Most automaton states one check may create (an NFA, or one subset walk over a rule and those above it). */
export const MAX_DFA_STATES = 20_000;

/** Wall-clock time the analysis of one file may take before remaining rules are skipped. */
export const MAX_MS_PER_FILE = 2_000;

/** Patterns longer than this (action plus resource) are not turned into automata at all. */
export const MAX_ANALYSED_PATTERN_CHARS = 4_096;

/** Thrown inside the analyser when a check would exceed its budget; never escapes `analyzeRuleSet`. */
export class BudgetExceeded extends Error {
  constructor(readonly reason: 'states' | 'time' | 'pattern') {
    super(`analysis budget exceeded (${reason})`);
  }
}

/** Milliseconds on a monotonic clock; `performance.now()` would load perf_hooks on a run's first analysis. */
function monotonicMs(): number {
  const [s, ns] = process.hrtime();
  return s * 1e3 + ns / 1e6;
}

/** A per-file clock. */
export class Deadline {
  private readonly end: number;
  constructor(readonly ms: number = MAX_MS_PER_FILE, private readonly now: () => number = monotonicMs) {
    this.end = now() + ms;
  }

  /**
   * Throws once the file's time is spent.
   * @example new Deadline(10).check()
   */
  check(): void {
    if (this.now() > this.end) throw new BudgetExceeded('time');
  }

  get expired(): boolean {
    return this.now() > this.end;
  }
}
