/**
 * The argument checks Gemini's two shell heuristics share — the dangerous-command test
 * (heuristics.ts) and the known-safe test (known-safe.ts) — in one place, as
 * @google/gemini-cli-core 0.61.0 has them (sandbox/utils/commandSafety.js: `isDangerousCommand`,
 * `isSafeToCallWithExec` and their git, find and base64 helpers). One reading of git's options, so
 * the two tests cannot drift apart.
 */

/** git's global options that take the next word as their value. */
const GIT_VALUE_OPTIONS = new Set(['-C', '-c', '--config-env', '--exec-path', '--git-dir', '--namespace', '--super-prefix', '--work-tree']);
/** The same options with their value glued on after `=`. */
const GIT_VALUE_PREFIXES = ['--config-env=', '--exec-path=', '--git-dir=', '--namespace=', '--super-prefix=', '--work-tree='];
/** Options that make a read-only git sub-command write a file or run a program. */
const GIT_UNSAFE = new Set(['--output', '--ext-diff', '--textconv', '--exec', '--paginate']);
/** The `git branch` options that only list. */
const BRANCH_READ_ONLY = new Set(['--list', '-l', '--show-current', '-a', '--all', '-r', '--remotes', '-v', '-vv', '--verbose']);
/** `find` actions that run a command, delete or write a file. */
export const FIND_UNSAFE: ReadonlySet<string> = new Set(['-exec', '-execdir', '-ok', '-okdir', '-delete', '-fls', '-fprint', '-fprint0', '-fprintf']);
/** The git sub-commands the heuristics read as read-only. */
const GIT_READ_ONLY_SUBCOMMANDS = ['status', 'log', 'diff', 'show', 'branch'];

/**
 * The read-only git sub-command of a git command's words, past its global options, and where it
 * stands; `sub: null` when the first sub-command is another one.
 * @example gitSubcommand(['git', '-C', '.', 'log', '-p']) // { idx: 3, sub: 'log' }
 */
export function gitSubcommand(args: readonly string[]): { idx: number; sub: string | null } {
  for (let i = 1; i < args.length; i++) {
    const a = args[i];
    if (GIT_VALUE_PREFIXES.some((p) => a.startsWith(p)) || ((a.startsWith('-C') || a.startsWith('-c')) && a.length > 2)) continue;
    if (GIT_VALUE_OPTIONS.has(a)) {
      i++;
      continue;
    }
    if (a === '--' || a.startsWith('-')) continue;
    return GIT_READ_ONLY_SUBCOMMANDS.includes(a) ? { idx: i, sub: a } : { idx: -1, sub: null };
  }
  return { idx: -1, sub: null };
}

/**
 * Whether a git command sets config for itself (`-c`, `--config-env`), which can run anything.
 * @example gitConfigOverride(['git', '-c', 'core.pager=x', 'log']) // true
 */
export function gitConfigOverride(args: readonly string[]): boolean {
  return args.some((a) => a === '-c' || a === '--config-env' || (a.startsWith('-c') && a.length > 2) || a.startsWith('--config-env='));
}

/**
 * Whether the arguments after a read-only git sub-command keep it read-only.
 * @example gitReadOnly(['--output=x']) // false
 */
export function gitReadOnly(args: readonly string[]): boolean {
  return !args.some((a) => GIT_UNSAFE.has(a) || a.startsWith('--output=') || a.startsWith('--exec='));
}

/**
 * Whether `git branch`'s arguments only list branches (none at all lists them too).
 * @example branchReadOnly(['-a']) // true
 * @example branchReadOnly(['new']) // false
 */
export function branchReadOnly(args: readonly string[]): boolean {
  if (args.length === 0) return true;
  let saw = false;
  for (const a of args) {
    if (BRANCH_READ_ONLY.has(a) || a.startsWith('--format=')) saw = true;
    else return false;
  }
  return saw;
}

/**
 * Whether a base64 command writes its output to a file (`-o`, `--output`).
 * @example base64WritesFile(['base64', '-o', 'x']) // true
 */
export function base64WritesFile(args: readonly string[]): boolean {
  return args.slice(1).some((a) => a === '-o' || a === '--output' || a.startsWith('--output=') || (a.startsWith('-o') && a !== '-o'));
}
