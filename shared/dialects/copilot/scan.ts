/**
 * Finds `copilot` command lines in a shell script or a workflow's `run:` steps, and reads a flags
 * file, as words with their places in the file. The quoting is the shell's (single and double
 * quotes, backslashes, `\`-newline continuations, `#` comments); a command ends at an unquoted
 * newline, `;`, `&`, `|`, `(` or `)`.
 */

/** One word of a command line: its value once quotes are removed, and where it is written. */
export interface Word {
  value: string;
  start: number;
  end: number;
}

/** Words of one file longer than this are not read (the rest of the file is reported). */
export const MAX_WORDS = 20_000;

const SEPARATORS = new Set([';', '&', '|', '(', ')', '\n']);
const FLAGS_SEPARATORS = new Set(['\n']);

/**
 * Splits text into commands of words (a separator ends the current command).
 * @example commands('copilot -p go --allow-tool "shell(git:*)"')[0].map((w) => w.value) // ['copilot', '-p', 'go', '--allow-tool', 'shell(git:*)']
 */
export function commands(text: string, flagsFile = false): Word[][] {
  // A flags file is one flag per line, not shell: parentheses and `;` are part of the words there.
  const separators = flagsFile ? FLAGS_SEPARATORS : SEPARATORS;
  const out: Word[][] = [];
  let cur: Word[] = [];
  let i = 0;
  let count = 0;
  const end = () => {
    if (cur.length) out.push(cur);
    cur = [];
  };
  while (i < text.length && count < MAX_WORDS) {
    const c = text[i];
    if (c === '\\' && text[i + 1] === '\n') {
      i += 2;
      continue;
    }
    if (c === ' ' || c === '\t' || c === '\r') {
      i++;
      continue;
    }
    if (separators.has(c)) {
      if (!flagsFile) end();
      i++;
      continue;
    }
    if (c === '#') {
      while (i < text.length && text[i] !== '\n') i++;
      continue;
    }
    const start = i;
    let value = '';
    while (i < text.length) {
      const d = text[i];
      if (d === ' ' || d === '\t' || d === '\r' || separators.has(d)) break;
      if (d === '\\') {
        if (text[i + 1] === '\n') i += 2;
        else {
          value += text[i + 1] ?? '';
          i += 2;
        }
      } else if (d === "'") {
        const close = text.indexOf("'", i + 1);
        const stop = close < 0 ? text.length : close;
        value += text.slice(i + 1, stop);
        i = stop + 1;
      } else if (d === '"') {
        i++;
        while (i < text.length && text[i] !== '"') {
          if (text[i] === '\\' && i + 1 < text.length && '"\\$`\n'.includes(text[i + 1])) {
            if (text[i + 1] !== '\n') value += text[i + 1];
            i += 2;
          } else value += text[i++];
        }
        i++;
      } else {
        value += d;
        i++;
      }
    }
    cur.push({ value, start, end: Math.min(i, text.length) });
    count++;
  }
  end();
  return out;
}

/** Words that may stand before the program on a command line without being it. */
const LAUNCHERS = new Set(['npx', '-y', '--yes', 'exec', 'env', 'time', 'command', 'run:', '-', '--']);

/** Whether a word names the Copilot CLI program (`copilot`, a path to it, or the npm package). */
export function isCopilotProgram(word: string): boolean {
  const base = word.slice(word.lastIndexOf('/') + 1);
  return base === 'copilot' || word === '@github/copilot' || word.startsWith('@github/copilot@');
}

/**
 * The `copilot` invocations of a script or a workflow: each command whose program is Copilot CLI
 * (after launchers like `npx -y` and `VAR=value` words), with the words that follow it.
 * @example invocations('npx -y @github/copilot -p go --allow-all-tools').length // 1
 */
export function invocations(text: string): Word[][] {
  const out: Word[][] = [];
  for (const cmd of commands(text)) {
    for (let k = 0; k < cmd.length; k++) {
      const w = cmd[k].value;
      if (isCopilotProgram(w)) {
        // `npx -y @github/copilot`, `run: copilot`: the words before it only launch it.
        if (cmd.slice(0, k).every((x) => LAUNCHERS.has(x.value) || /^[A-Z_]\w*=/i.test(x.value) || /^@github\/copilot/.test(x.value))) out.push(cmd.slice(k));
        break;
      }
      if (!LAUNCHERS.has(w) && !/^[A-Z_]\w*=/i.test(w)) break;
    }
  }
  return out;
}
