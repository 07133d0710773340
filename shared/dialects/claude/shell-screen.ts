/**
 * Checks on a command's raw text, before and beside the parse. Claude Code refuses some characters
 * outright and treats some shapes as too complex to check (at most ask), whatever the rules say:
 * bash and the parser would read them differently, so no allow may rest on the parse.
 */

/** Control characters other than tab and newline (CR, VT, FF, NUL, ESC, DEL…): the agent refuses the command. */
export const CONTROL_CHARS = /[\x00-\x08\x0B-\x1F\x7F]/;
/** Whitespace bash does not split on but a reader sees as a space. */
export const UNICODE_SPACE = /[\u00A0\u1680\u2000-\u200B\u2028\u2029\u202F\u205F\u3000\uFEFF]/;
/** A surrogate half without its partner: not valid text. */
export const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** A backslash before a space, a tab or a newline: bash joins or splits words where a reader does not. */
export const ESCAPED_WHITESPACE = /\\[ \t\n]/;
/**
 * A `$` before a newline, with only blanks between: bash reads a lone `$` and ends the command
 * there, the parser joins `$` and the next line's first word into one expansion (`$\nrm -rf x`
 * and `$ \nrm -rf x` have no `rm` in the tree; 2.1.328 and 2.1.332 deny both under a bare `Bash`
 * allow beside `Bash(rm -rf *)` deny).
 */
export const DOLLAR_NEWLINE = /\$[ \t]*\n/;
/** `{fd}>file`: the redirect assigns a shell variable as a side effect. */
export const FD_VARIABLE_REDIRECT = /\{[A-Z_]\w*\}[<>]/i;
/** zsh forms that run or expand code in a way bash does not: `~[…]`, `=cmd`, `<N-M>`, quotes in braces. */
export const ZSH_SHAPES: ReadonlyArray<[RegExp, string]> = [
  [/~\[/, 'zsh ~[ dynamic directory syntax'],
  [/(?:^|[\s;&|])=[a-z_]/i, 'zsh =cmd equals expansion'],
  [/<\d*-\d*>/, 'zsh <N-M> numeric-range glob'],
];
/** A `{` outside quotes followed by a quote before its `}`: brace expansion hiding words. */
export const BRACE_WITH_QUOTE = /\{[^{}'"]*['"]/;

/**
 * A `${…}` whose operand runs a command: the agent cannot be sure how the shell reads it. Each scan
 * stops at the next `${` (where the next scan starts), so a run of `${` is read once, not once per `${`.
 */
export const SUBSTITUTION_IN_EXPANSION = /\$\{(?:[^$`}]|\$(?![({]))*(?:\$\(|`)/;

export interface Screen {
  /** Why the agent refuses the command before consulting any rule (deny). */
  refused: string[];
  /**
   * Why the agent asks before it even consults deny rules on inner commands (observed: such a deny
   * does not fire). `bareAllowWins`: a bare `Bash` allow still approves the command as written.
   */
  asksFirst: Array<{ why: string; bareAllowWins: boolean }>;
  /** Why the command is at most ask. */
  caps: string[];
}

/**
 * Screens a command's raw text.
 * @example screenCommand('echo a\r#; touch x').refused // ['the command contains a control character (U+000D) …']
 */
export function screenCommand(command: string): Screen {
  const refused: string[] = [];
  const caps: string[] = [];
  const asksFirst: Screen['asksFirst'] = [];
  const ctl = CONTROL_CHARS.exec(command);
  if (ctl) refused.push(`the command contains a control character (U+${ctl[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')} at character ${ctl.index}): Claude Code refuses it before any rule is consulted`);
  if (LONE_SURROGATE.test(command)) caps.push('the command contains a lone surrogate: never allowed');
  const us = UNICODE_SPACE.exec(command);
  if (us) caps.push(`the command contains Unicode whitespace (U+${us[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}): bash does not split there, never allowed`);
  if (ESCAPED_WHITESPACE.test(command)) {
    caps.push('the command contains backslash-escaped whitespace (bash joins or splits words there): never allowed');
    asksFirst.push({ why: 'backslash-escaped whitespace', bareAllowWins: true });
  }
  // Capped, and (as any capped command) split at its lines for deny rules, so `rm -rf x` meets `Bash(rm -rf *)`
  // (2.1.328 denies `$\nrm -rf x` under a bare `Bash` allow).
  if (DOLLAR_NEWLINE.test(command)) caps.push('a `$` before a newline: bash ends the command there, the parser joins the next line to it: never allowed');
  if (SUBSTITUTION_IN_EXPANSION.test(command)) asksFirst.push({ why: 'a command substitution inside a ${…} expansion', bareAllowWins: false });
  if (FD_VARIABLE_REDIRECT.test(command)) caps.push('a {fd}> redirect assigns a shell variable as a side effect: never allowed');
  for (const [re, why] of ZSH_SHAPES) if (re.test(command)) caps.push(`the command contains ${why}: never allowed`);
  if (command.includes('{') && BRACE_WITH_QUOTE.test(bracesOutsideQuotes(command))) caps.push('the command contains a brace holding a quote character (expansion obfuscation): never allowed');
  return { refused, asksFirst, caps };
}

/**
 * The command with every `{` inside quotes (single, double, backticks) blanked, so that only braces
 * bash could expand are left: the agent tests for a brace holding a quote on this text
 * (`@anthropic-ai/claude-code` 2.1.332: `awk '{print > "out.txt"}'` passes, `{a,'b'}` does not).
 * @example bracesOutsideQuotes("awk '{print}'") // "awk ' print}'"
 */
export function bracesOutsideQuotes(text: string): string {
  const out: string[] = [];
  let single = false;
  let double = false;
  let tick = false;
  let lineStart = true;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (tick) {
      if (c === '\\' && '`\\$'.includes(text[i + 1] ?? '')) {
        out.push(c, text[++i]);
        continue;
      }
      if (c === '`') tick = false;
      out.push(c === '{' ? ' ' : c);
    } else if (single) {
      if (c === "'") single = false;
      out.push(c === '{' ? ' ' : c);
    } else if (double) {
      if (c === '\\' && '"\\`'.includes(text[i + 1] ?? '')) {
        out.push(c, text[++i]);
        continue;
      }
      if (c === '`') tick = true;
      else if (c === '"') double = false;
      out.push(c === '{' ? ' ' : c);
    } else if (c === '\\' && i + 1 < text.length) {
      out.push(c, text[++i]);
      lineStart = false;
    } else if (c === '#' && lineStart) {
      while (i < text.length && text[i] !== '\n') out.push(text[i++]);
      i--;
      lineStart = true;
    } else {
      if (c === '`') tick = true;
      else if (c === "'") single = true;
      else if (c === '"') double = true;
      lineStart = /[\s;&|()]/.test(c);
      out.push(c);
    }
  }
  return out.join('');
}
