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
    const needed = requiredLiterals(source);
    // Most of a policy's patterns name a command or a path: arguments without that text never
    // match, and finding that out costs an `includes`, not a run of the matcher (Gemini's answer is the same).
    if (needed.length) return { source, test: (args) => (needed.every((t) => args.includes(t)) ? re.test(args) : false) };
    return { source, test: (args) => re.test(args) };
  } catch (e) {
    // Gemini's engine accepted the pattern; one RuleLens cannot read without backtracking (or
    // reads differently) is never guessed at.
    const why = e instanceof UnsupportedRegex ? e.message : `RuleLens reads the pattern differently from the JavaScript engine (${e instanceof Error ? e.message : String(e)})`;
    const undecidable = `the pattern cannot be matched without backtracking: ${why}`;
    return { source, undecidable, test: () => undefined };
  }
}

/** Characters with a meaning of their own in a JavaScript regular expression (outside a class). */
const SYNTAX = new Set(['\\', '^', '$', '.', '|', '?', '*', '+', '(', ')', '[', ']', '{', '}']);
const QUANTIFIERS = new Set(['?', '*', '+', '{']);
const ALNUM = /^[a-z0-9]$/i;

/** Whether the source has a `|` outside every group and class (then no leading text is required). */
function hasTopLevelAlternative(source: string): boolean {
  let depth = 0;
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === '\\') i++;
    else if (inClass) inClass = c !== ']';
    else if (c === '[') inClass = true;
    else if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === '|' && depth === 0) return true;
  }
  return false;
}

/**
 * Texts every match of the pattern contains: the runs of plain characters (an escaped punctuation
 * character counts as itself) outside every group and class, each one's last character left out
 * when a quantifier follows it. None when the pattern has a top-level alternative; the reading
 * stops (keeping what it found) at anything it does not know.
 * @example requiredLiterals('"command":"git .*--opt5') // ['"command":"git ', '--opt5']
 */
export function requiredLiterals(source: string): string[] {
  if (hasTopLevelAlternative(source)) return [];
  const out: string[] = [];
  let run = '';
  const end = () => {
    if (run) out.push(run);
    run = '';
  };
  /** Skips a quantifier at `i` (with its lazy `?`); where the reading goes on, or -1 when `{` is not one. */
  const skipQuantifier = (i: number): number => {
    const c = source[i];
    if (c === '*' || c === '+' || c === '?') return source[i + 1] === '?' ? i + 2 : i + 1;
    if (c === '{') {
      const m = /^\{\d+(?:,\d*)?\}\??/.exec(source.slice(i));
      return m ? i + m[0].length : -1;
    }
    return i;
  };
  let i = 0;
  while (i < source.length) {
    const c = source[i];
    if (c === '(' || c === '[') {
      end();
      // Skip the group or class whole: what is inside may be optional.
      let depth = 0;
      let inClass = false;
      let j = i;
      for (; j < source.length; j++) {
        const d = source[j];
        if (d === '\\') j++;
        else if (inClass) inClass = d !== ']';
        else if (d === '[') inClass = true;
        else if (d === '(') depth++;
        else if (d === ')' && --depth === 0) break;
        if (c === '[' && !inClass && depth === 0) break;
      }
      if (j >= source.length) return out;
      const next = skipQuantifier(j + 1);
      if (next < 0) return out;
      i = next;
      continue;
    }
    let ch: string;
    let width = 1;
    if (c === '\\') {
      const n = source[i + 1];
      // Only an identity escape of punctuation is plain text (\d, \b, \1, \u… are not).
      if (n === undefined || ALNUM.test(n) || n.charCodeAt(0) > 127) {
        end();
        if (n === undefined) return out;
        // A class escape (\d, \s, \w…) may be quantified; anything else read no further.
        if (!'dDsSwWbB'.includes(n)) return out;
        const next = skipQuantifier(i + 2);
        if (next < 0) return out;
        i = next;
        continue;
      }
      ch = n;
      width = 2;
    } else if (c === '^' || c === '$') {
      end();
      i++;
      continue;
    } else if (c === '.') {
      end();
      const next = skipQuantifier(i + 1);
      if (next < 0) return out;
      i = next;
      continue;
    } else if (SYNTAX.has(c)) {
      end();
      return out;
    } else if (c.charCodeAt(0) >= 0xd800 && c.charCodeAt(0) <= 0xdfff) {
      end();
      return out;
    } else ch = c;
    if (QUANTIFIERS.has(source[i + width] ?? '')) {
      // The quantified character may be absent (or repeated): the run ends before it.
      end();
      const next = skipQuantifier(i + width);
      if (next < 0) return out;
      i = next;
      continue;
    }
    run += ch;
    i += width;
  }
  end();
  return out;
}
