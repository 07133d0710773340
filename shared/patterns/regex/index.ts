import { compileProgram, UnsupportedRegex } from './program';
import { Runner, Work, WorkExhausted } from './run';

export { MAX_PROGRAM_NODES, UnsupportedRegex } from './program';
export { MAX_MATCH_WORK, Work } from './run';

/**
 * A JavaScript regular expression matched without backtracking. RuleLens never runs a `RegExp`
 * built from a user's text: a pattern that looks harmless can take exponential time in a
 * backtracking engine, and one hover over it would stall the editor. This matcher reads the same
 * syntax (refa's parser, Annex B included), keeps the same meaning (assertions and lookarounds
 * included), and answers in time linear in the input; past its work budget it answers
 * `undefined`, and every caller treats that as "not proved" (fail closed).
 */
export class LinearRegex {
  private constructor(
    readonly source: string,
    readonly flags: string,
    private readonly runner: Runner,
  ) {}

  /**
   * Compiles `source` as `new RegExp(source, flags)` would read it. Throws `SyntaxError` for an
   * invalid expression and `UnsupportedRegex` for one that needs backtracking (a backreference
   * that cannot be unrolled) or exceeds the size budget.
   * @example LinearRegex.compile('^git (push|pull)\\b').test('git push origin') // true
   */
  static compile(source: string, flags = ''): LinearRegex {
    if (/[gy]/.test(flags)) throw new UnsupportedRegex(`flags "${flags}": only a plain test is supported`);
    return new LinearRegex(source, flags, new Runner(compileProgram(source, flags)));
  }

  /**
   * What `RegExp.prototype.test` answers (no `g`/`y` flag), or undefined past the work budget.
   * @example LinearRegex.compile('a.c').test('xabcx') // true
   */
  test(input: string, work: Work = new Work()): boolean | undefined {
    try {
      return this.runner.test(input, work);
    } catch (e) {
      if (e instanceof WorkExhausted) return undefined;
      throw e;
    }
  }

  /**
   * The first of `ends` (ascending) for which `input.slice(0, end)`, taken as a string of its own,
   * is matched; -1 when none is; undefined past the work budget. One pass over the input when the
   * expression's lookaheads read a bounded distance (picomatch's always do), else one test per end.
   * @example LinearRegex.compile('^/p$').testPrefixes('/p/a', [2, 4]) // 2
   */
  testPrefixes(input: string, ends: readonly number[], work: Work = new Work()): number | undefined {
    try {
      const once = this.runner.testPrefixes(input, ends, work);
      if (once !== undefined) return once;
      for (const e of ends) if (this.runner.test(input.slice(0, e), work)) return e;
      return -1;
    } catch (e) {
      if (e instanceof WorkExhausted) return undefined;
      throw e;
    }
  }
}
