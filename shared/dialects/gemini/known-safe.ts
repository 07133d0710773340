import { posix } from 'path';
import type { PathFs } from '../../model';
import { heuristicWords } from './heuristics';
import { base64WritesFile, branchReadOnly, FIND_UNSAFE, gitConfigOverride, gitReadOnly, gitSubcommand } from './read-only-args';

/**
 * Gemini CLI's "known safe" heuristic: a read-only command (with every path it names inside the
 * workspace) turns an ask_user into allow. Ported from sandbox/utils/commandSafety.js
 * `isKnownSafeCommand` / `isSafeToCallWithExec` (@google/gemini-cli-core 0.61.0), the check the
 * CLI's default sandbox manager uses outside Windows. `rg` needs a trusted absolute program path
 * there; RuleLens never proves that, so `rg` is never known safe here (fail closed).
 */

/** Where a command runs: the workspace root, its working folder, the home folder, links. */
export interface SafeContext {
  workspace: string;
  cwd: string;
  home: string | undefined;
  fs?: PathFs;
}

const SAFE_COMMANDS = new Set(['__read', '__write', 'cat', 'cd', 'cut', 'echo', 'expr', 'false', 'grep', 'head', 'id', 'ls', 'nl', 'paste', 'pwd', 'rev', 'seq', 'stat', 'tail', 'tr', 'true', 'uname', 'uniq', 'wc', 'which', 'whoami', 'numfmt', 'tac']);
const FILE_READING = new Set(['cat', 'head', 'tail', 'tac', 'nl', 'stat', 'wc', 'cut', 'paste', 'rev', 'uniq', 'numfmt', 'ls', '__read']);

function isSubpath(root: string, p: string): boolean {
  const rel = posix.relative(root, p);
  return rel === '' || (!rel.startsWith('..') && !posix.isAbsolute(rel));
}

/** `isPathEscapingWorkspace`: a `$`/backtick, a `~user`, or a path outside (also through a link). */
function escapes(arg: string, c: SafeContext): boolean {
  if (!arg) return false;
  if (arg.includes('$') || arg.includes('`')) return true;
  let target: string;
  if (arg === '~' || arg.startsWith('~/')) {
    if (c.home === undefined) return true;
    target = posix.resolve(c.home, arg.slice(2));
  } else if (arg.startsWith('~')) return true;
  else target = posix.resolve(c.cwd, arg);
  if (!isSubpath(c.workspace, target)) return true;
  // A link on the way out of the workspace: resolved through the injected file system only.
  for (let cur = target; isSubpath(c.workspace, cur) && cur !== posix.dirname(cur); cur = posix.dirname(cur)) {
    const real = c.fs?.realpath(cur);
    if (real !== undefined && real !== cur && !isSubpath(c.workspace, real)) return true;
  }
  return false;
}

/** Whether a flag-looking argument names an existing file (then it is checked as a path). */
function existsAsFile(arg: string, c: SafeContext): boolean {
  return c.fs?.realpath(posix.resolve(c.cwd, arg)) !== undefined;
}

/** The file arguments of a file-reading command or grep stay inside; `-f FILE` of grep too. */
function argsStayInside(args: string[], c: SafeContext, grep: boolean): boolean {
  let passedDoubleDash = false;
  for (let i = 1; i < args.length; i++) {
    const arg = args[i];
    if (!passedDoubleDash) {
      if (arg === '--') {
        passedDoubleDash = true;
        continue;
      }
      if (arg === '-') continue;
      if (grep && (arg.startsWith('-f') || arg.startsWith('--file'))) {
        let fileArg: string | undefined;
        if (arg.startsWith('--file=')) fileArg = arg.slice(7);
        else if (arg === '--file') fileArg = args[++i];
        else fileArg = arg.length > 2 ? arg.slice(2) : args[++i];
        if (fileArg && escapes(fileArg, c)) return false;
        continue;
      }
      if (arg.startsWith('-')) {
        if (arg.includes('=')) {
          if (escapes(arg.slice(arg.indexOf('=') + 1), c)) return false;
          continue;
        }
        if (!existsAsFile(arg, c)) continue;
      }
    }
    if (escapes(arg, c)) return false;
  }
  return true;
}

function sedLines(arg: string | undefined): boolean {
  if (!arg || !arg.endsWith('p')) return false;
  const parts = arg.slice(0, -1).split(',');
  return parts.length <= 2 && parts.every((n) => n.length > 0 && /^\d+$/.test(n));
}

/** `isSafeToCallWithExec`: one command's words against the allowlist. */
function safeToCall(args: string[], c: SafeContext): boolean {
  if (args.length === 0) return false;
  if (c.cwd !== c.workspace && !isSubpath(c.workspace, c.cwd)) return false;
  const cmd = args[0];
  if (SAFE_COMMANDS.has(cmd)) {
    if (cmd === 'cd') {
      const paths = args.slice(1).filter((a) => !a.startsWith('-'));
      return paths.length ? !paths.some((a) => escapes(a, c)) : !escapes('~', c);
    }
    if (FILE_READING.has(cmd)) return argsStayInside(args, c, false);
    if (cmd === 'grep') return argsStayInside(args, c, true);
    return true;
  }
  if (cmd === 'base64') {
    if (base64WritesFile(args)) return false;
    return !args.slice(1).some((a) => !a.startsWith('-') && escapes(a, c));
  }
  if (cmd === 'find') {
    if (args.some((a) => FIND_UNSAFE.has(a))) return false;
    return !args.slice(1).some((a) => !a.startsWith('-') && escapes(a, c));
  }
  if (cmd === 'git') {
    if (gitConfigOverride(args)) return false;
    const { idx, sub } = gitSubcommand(args);
    if (!sub) return false;
    const rest = args.slice(idx + 1);
    return sub === 'branch' ? gitReadOnly(rest) && branchReadOnly(rest) : gitReadOnly(rest);
  }
  if (cmd === 'sed') return args.length <= 4 && args[1] === '-n' && sedLines(args[2]) && !(args[3] && escapes(args[3], c));
  return false;
}

/**
 * Whether Gemini takes the command as known safe (read-only, inside the workspace): the whole
 * command's words as `shell-quote` gives them, or each part of a `bash -c` / `bash -lc` script
 * without `( ) < >`. `splitScript` splits a script into its commands (Gemini's tree-sitter splitter).
 * @example isKnownSafe('git status; ls', ctx, split) // true
 */
export function isKnownSafe(command: string, c: SafeContext, splitScript: (script: string) => string[] | undefined): boolean {
  const args = heuristicWords(command).map((a) => (a === 'zsh' ? 'bash' : a));
  if (args.length === 0) return false;
  if (safeToCall(args, c)) return true;
  if (args.length === 3 && args[0] === 'bash' && (args[1] === '-lc' || args[1] === '-c')) {
    const script = args[2];
    if (/[()<>]/.test(script)) return false;
    const parts = splitScript(script);
    if (!parts || parts.length === 0) return false;
    return parts.every((p) => {
      const words = heuristicWords(p.trim());
      return words.length === 0 || safeToCall(words, c);
    });
  }
  return false;
}
