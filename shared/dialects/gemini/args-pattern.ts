import { LinearRegex, UnsupportedRegex } from '../../patterns/regex';

/**
 * A rule's argument pattern (its `argsPattern`, or the pattern `commandPrefix` / `commandRegex`
 * become): a JavaScript regular expression tested against the stable-stringified arguments, as
 * Gemini tests it (`new RegExp(source).test(args)`). Gemini runs it on its backtracking engine,
 * behind its own `isSafeRegExp` screen (see regex-safety.ts); that screen still lets through
 * patterns such as `a*a*a*a*b` or `(a|a)*b`, which take polynomial or exponential time. RuleLens
 * matches the same expression with the linear matcher instead, so it decides exactly what Gemini
 * decides without ever stalling; a pattern the linear matcher cannot take (a backreference) or a
 * test past its work budget is undecided, and the evaluator fails closed on it.
 */
export interface ArgsPattern {
  readonly source: string;
  /** What Gemini's `test` answers; undefined when RuleLens cannot decide it (see `undecidable`). */
  test(args: string): boolean | undefined;
  /** Why every test of this pattern is undecided, when that is so. */
  readonly undecidable?: string;
}

/**
 * Compiles a pattern Gemini accepted (it compiles as a `RegExp` and passes `isSafeRegExp`).
 * @example compileArgsPattern('"command":"git(?:[\\s"]|\\\\")').test('{"command":"git status"}') // true
 */
export function compileArgsPattern(source: string): ArgsPattern {
  try {
    const re = LinearRegex.compile(source);
    return { source, test: (args) => re.test(args) };
  } catch (e) {
    // Gemini's engine accepted the pattern; one RuleLens cannot read without backtracking (or
    // reads differently) is never guessed at.
    const why = e instanceof UnsupportedRegex ? e.message : `RuleLens reads the pattern differently from the JavaScript engine (${e instanceof Error ? e.message : String(e)})`;
    const undecidable = `the pattern cannot be matched without backtracking: ${why}`;
    return { source, undecidable, test: () => undefined };
  }
}
