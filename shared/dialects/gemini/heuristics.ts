import { base64WritesFile, branchReadOnly, FIND_UNSAFE, gitConfigOverride, gitReadOnly, gitSubcommand } from './read-only-args';

/**
 * Gemini's "dangerous command" heuristic (applied before sub-command checks when the matching
 * rule names only the tool): a dangerous command is never allowed outright outside yolo mode —
 * it becomes ask_user. Its companion "known safe" heuristic (ask_user → allow for read-only
 * commands) is in known-safe.ts; the argument checks both share are in read-only-args.ts.
 */

const OPERATORS = ['&&', '||', ';;', '|&', '<(', '>(', '>>', '&', '|', ';', '(', ')', '<', '>'];
const BLANK = new Set([' ', '\t', '\n', '\r']);

/**
 * Splits a command into words and operators the way the `shell-quote` package Gemini uses does
 * for these checks: quotes removed, `$VAR` expanded to nothing, operators as their own entries.
 * @example heuristicWords('rm -rf x && ls') // ['rm', '-rf', 'x', '&&', 'ls']
 */
export function heuristicWords(command: string): string[] {
  const out: string[] = [];
  let word: string | null = null;
  const flush = () => {
    if (word !== null) out.push(word);
    word = null;
  };
  for (let i = 0; i < command.length; ) {
    const c = command[i];
    if (BLANK.has(c)) {
      flush();
      i++;
      continue;
    }
    const op = OPERATORS.find((o) => command.startsWith(o, i));
    if (op) {
      flush();
      out.push(op);
      i += op.length;
      continue;
    }
    if (c === '#' && word === null) {
      out.push('');
      break;
    }
    word ??= '';
    if (c === "'") {
      const end = command.indexOf("'", i + 1);
      word += end < 0 ? command.slice(i + 1) : command.slice(i + 1, end);
      i = end < 0 ? command.length : end + 1;
    } else if (c === '"') {
      i++;
      while (i < command.length && command[i] !== '"') {
        if (command[i] === '\\' && i + 1 < command.length) {
          word += command[i + 1];
          i += 2;
        } else if (command[i] === '$') i = skipVariable(command, i);
        else word += command[i++];
      }
      i++;
    } else if (c === '\\' && i + 1 < command.length) {
      word += command[i + 1];
      i += 2;
    } else if (c === '$') i = skipVariable(command, i);
    else {
      word += c;
      i++;
    }
  }
  flush();
  return out;
}

/** Index after `$NAME` / `${…}` (both expand to nothing without an environment). */
function skipVariable(s: string, i: number): number {
  if (s[i + 1] === '{') {
    const end = s.indexOf('}', i + 2);
    return end < 0 ? s.length : end + 1;
  }
  let j = i + 1;
  while (j < s.length && /\w/.test(s[j])) j++;
  return j === i + 1 ? i + 1 : j;
}

/**
 * Gemini's dangerous-command test on the command's words: `rm -f/-rf/-fr`, symbolic `ln`,
 * `find` with -exec/-delete…, `rg --pre`, `git -c …` or a read-only git subcommand with writing
 * flags, `base64 -o`, each also behind `sudo`.
 * @example isDangerous(['rm', '-rf', 'x']) // true
 */
export function isDangerous(args: string[]): boolean {
  if (args.length === 0) return false;
  const cmd = args[0];
  if (cmd === 'ln' && args.some((a) => a === '-s' || a === '--symbolic' || (a.startsWith('-') && !a.startsWith('--') && a.includes('s')))) return true;
  if (cmd === 'rm') return args[1] === '-f' || args[1] === '-rf' || args[1] === '-fr';
  if (cmd === 'sudo') return isDangerous(args.slice(1));
  if (cmd === 'find') return args.some((a) => FIND_UNSAFE.has(a));
  const base = cmd.slice(cmd.lastIndexOf('/') + 1);
  if (base === 'rg' || base === 'rg.exe') return args.some((a) => a === '--search-zip' || a === '-z' || ['--pre', '--hostname-bin'].some((o) => a === o || a.startsWith(`${o}=`)));
  if (cmd === 'git') {
    if (gitConfigOverride(args)) return true;
    const { idx, sub } = gitSubcommand(args);
    if (!sub) return false;
    const rest = args.slice(idx + 1);
    if (sub === 'branch') return !(gitReadOnly(rest) && branchReadOnly(rest));
    return !gitReadOnly(rest);
  }
  if (cmd === 'base64') return base64WritesFile(args);
  return false;
}
