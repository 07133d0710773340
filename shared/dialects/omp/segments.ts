/**
 * The agent's segment scanner: a quote-aware splitter, deliberately not a shell parser. Deny and
 * prompt rules are matched against each segment so that `a && b` is caught by a rule for `b`.
 */

/** Characters that end a segment when they are neither quoted nor escaped. */
export const SEGMENT_BREAKS = new Set(['\n', ';', '&', '|', '(', ')']);

/** One piece of a command between separators. */
export interface Segment {
  /** Words with quotes and backslash escapes removed. */
  tokens: string[];
  /** The tokens joined by one space: what deny and prompt rules are matched against. */
  text: string;
  /** The separator characters before this segment (`''` for the first, `&&`, `|`, `;`, `$(`…). */
  before: string;
}

/** True for characters that separate words; a newline separates segments instead. */
function isWordSpace(c: string): boolean {
  return c !== '\n' && /\s/.test(c);
}

/**
 * Splits a raw command into segments: on unquoted, unescaped newline `;` `&` `|` `(` `)` only —
 * never on backticks, braces, redirections, `#`, heredoc markers or `\r` (which only separates
 * words). Quotes and backslash escapes are removed; words that end up empty are dropped, as are
 * segments without words. Linear in the command's length.
 * @example scanSegments('printf a && printf "b c"').map((s) => s.text) // ['printf a', 'printf b c']
 */
export function scanSegments(command: string): Segment[] {
  const out: Segment[] = [];
  let tokens: string[] = [];
  let word = '';
  let before = '';
  let pendingSep = '';
  let quote: '"' | "'" | null = null;
  const endWord = () => {
    if (word !== '') tokens.push(word);
    word = '';
  };
  const endSegment = (sep: string) => {
    endWord();
    if (tokens.length > 0) {
      out.push({ tokens, text: tokens.join(' '), before });
      tokens = [];
      before = '';
      pendingSep = '';
    }
    pendingSep += sep;
    before = pendingSep;
  };
  for (let i = 0; i < command.length; i++) {
    const c = command[i];
    if (quote === "'") {
      if (c === "'") quote = null;
      else word += c;
      continue;
    }
    if (c === '\\') {
      // A trailing lone backslash escapes nothing and is simply removed.
      if (i + 1 < command.length) word += command[++i];
      continue;
    }
    if (quote === '"') {
      if (c === '"') quote = null;
      else word += c;
      continue;
    }
    if (c === '"' || c === "'") {
      quote = c;
      continue;
    }
    if (SEGMENT_BREAKS.has(c)) {
      endSegment(c);
      continue;
    }
    if (isWordSpace(c)) {
      endWord();
      continue;
    }
    word += c;
  }
  endSegment('');
  return out;
}

/**
 * Every word of the command in order, segments flattened (for option checks).
 * @example commandWords("bash -lc 'a;b'") // ['bash', '-lc', 'a;b']
 */
export function commandWords(command: string): string[] {
  return scanSegments(command).flatMap((s) => s.tokens);
}
