import { commandWords } from './segments';

/** Characters that give the shell control when they are neither quoted nor escaped. */
export const CONTROL_CHARS = new Set(['\n', '\r', ';', '&', '|', '<', '>', '`', '$', '(', ')']);
/** Characters that still expand inside double quotes. */
const DOUBLE_QUOTE_ACTIVE = new Set(['$', '`']);
/** A short-option cluster ending in `c` or `e` (`-c`, `-lc`, `-e`): the next argument is code. */
const REINTERPRETING_CLUSTER = /^-[A-Za-z]*[ce]$/;
/** Long options whose argument a program runs as code. */
const REINTERPRETING_LONG = /^--(?:command|eval)(?:=|$)/;

/** Why a command counts as having active shell control. */
export interface ShellControl {
  /** The text to show (`&&`, `$`, `;`). */
  token: string;
  /** A short phrase: "`&&`", "`$` inside double quotes", "quoted `;` with `-c`". */
  description: string;
  offset: number;
}

function show(c: string): string {
  return c === '\n' ? '\\n' : c === '\r' ? '\\r' : c;
}

/**
 * The word that makes a program re-read one of its arguments as code, if any.
 * @example reinterpretingOption('bash -lc x') // '-lc'
 */
export function reinterpretingOption(command: string): string | undefined {
  return commandWords(command).find((w) => REINTERPRETING_CLUSTER.test(w) || REINTERPRETING_LONG.test(w));
}

/**
 * The first active shell control in a raw command, or null. Active: an unquoted, unescaped control
 * character; `$` or a backtick inside double quotes; or a quoted/escaped control character when
 * the command also has an option that re-interprets an argument. An unterminated quote is not
 * itself control. An allow rule never applies to a command with active control.
 * @example shellControl('printf a && printf b')?.token // '&&'
 * @example shellControl("printf 'a;b'") // null
 */
export function shellControl(command: string): ShellControl | null {
  let quote: '"' | "'" | null = null;
  let literal: { c: string; offset: number } | null = null;
  for (let i = 0; i < command.length; i++) {
    const c = command[i];
    if (quote === "'") {
      if (c === "'") quote = null;
      else if (!literal && CONTROL_CHARS.has(c)) literal = { c, offset: i };
      continue;
    }
    if (c === '\\' && i + 1 < command.length) {
      const next = command[++i];
      if (!literal && CONTROL_CHARS.has(next)) literal = { c: next, offset: i };
      continue;
    }
    if (quote === '"') {
      if (c === '"') quote = null;
      else if (DOUBLE_QUOTE_ACTIVE.has(c)) return { token: c, description: `\`${c}\` inside double quotes`, offset: i };
      else if (!literal && CONTROL_CHARS.has(c)) literal = { c, offset: i };
      continue;
    }
    if (c === '"' || c === "'") {
      quote = c;
      continue;
    }
    if (CONTROL_CHARS.has(c)) {
      const run = c + (command[i + 1] === c && (c === '&' || c === '|' || c === '>' || c === '<') ? c : '');
      const token = c === '$' && command[i + 1] === '(' ? '$(' : run;
      return { token: show(token), description: `\`${show(token)}\``, offset: i };
    }
  }
  if (literal) {
    const opt = reinterpretingOption(command);
    if (opt !== undefined) {
      return { token: show(literal.c), description: `quoted \`${show(literal.c)}\` with \`${opt}\`, which re-interprets an argument`, offset: literal.offset };
    }
  }
  return null;
}
