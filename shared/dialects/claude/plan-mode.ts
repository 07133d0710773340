// Plan mode in Claude Code 2.1.328 runs with auto mode's permission context: allow rules that would
// let the model run arbitrary code (a bare `Bash`, `Bash(*)`, interpreters, shells, wrappers,
// network tools) are set aside while it is on, and what they would have approved is held. Other
// rules stand as in default mode (observed: `Bash(touch:*)` approves `touch x` in plan mode, a
// bare `Bash` does not approve `curl`). The agent's own test is a heuristic over the rule text;
// this is a conservative reading of it: every rule the agent sets aside is set aside here, and a
// few it keeps may be set aside too (stricter, never a wider allow).
import type { ClaudeRule } from './types';

/** Programs that run code given to them (single words). */
const INTERPRETERS = ['python', 'python3', 'python2', 'node', 'deno', 'tsx', 'ruby', 'perl', 'php', 'lua', 'npx', 'bunx', 'pnpx', 'bash', 'sh', 'ssh', 'zsh', 'fish', 'eval', 'exec', 'env', 'xargs', 'sudo'];
/** Two-word forms that run scripts or packages. */
const RUNNERS = ['npm run', 'yarn run', 'pnpm run', 'bun run', 'npm exec', 'npm x', 'pnpm exec', 'pnpm dlx', 'yarn exec', 'yarn dlx', 'bun exec', 'bun x'];
/** Shells and wrappers that run the command after them. */
const WRAPPING = [
  'sh', 'bash', 'zsh', 'fish', 'csh', 'tcsh', 'ksh', 'mksh', 'dash', 'ash', 'hush', 'rbash', 'rsh', 'busybox', 'toybox', 'wsl', 'cmd', 'powershell', 'pwsh',
  'env', 'xargs', 'command', 'builtin', 'noglob', 'nice', 'stdbuf', 'nohup', 'timeout', 'time', 'watch', 'ionice', 'chrt', 'setsid', 'taskset', 'strace',
  'ltrace', 'script', 'flock', 'unshare', 'nsenter', 'sandbox-exec', 'sudo', 'doas', 'pkexec', 'su', 'runuser',
];
/** Network and cluster tools: their broad rules count as arbitrary execution too. */
const NETWORK = ['curl', 'wget', 'kubectl', 'aws', 'gcloud', 'gsutil'];

const SINGLE = new Set([...INTERPRETERS, ...WRAPPING, ...NETWORK]);
/** A rule text past which the test is not sure what runs: anything but plain words, paths and options. */
const PLAIN_TEXT = /^[\w .+@%,:~/=-]*$/;

/** The program name as the agent compares it: the last path part, lower case, version digits dropped. */
function programName(word: string): string {
  const base = word.replace(/^.*[\\/]/s, '').toLowerCase();
  return base.replace(/^(.*?[^\d.])?[\d.]*(?:\.exe)?$/s, '$1');
}

/**
 * Whether plan mode sets this allow rule aside (the call it would approve is held instead).
 * @example planSetsAside(rule('Bash')) // true
 * @example planSetsAside(rule('Bash(touch:*)')) // false
 */
export function planSetsAside(rule: ClaudeRule): boolean {
  const m = rule.matcher;
  if (m.kind === 'tool') return m.name === 'Bash';
  if (m.kind !== 'bash') return false;
  const spec = (rule.specifier ?? '').trim().toLowerCase().replace(/\s+/g, ' ');
  if (spec === '' || spec === '*' || spec === ':*') return true;
  if (!PLAIN_TEXT.test(spec.replace(/\*/g, ''))) return true;
  const literal = spec.replace(/:\*$/, ' *');
  const star = literal.indexOf('*');
  const head = (star < 0 ? literal : literal.slice(0, star)).trim();
  const words = head.split(' ').filter(Boolean);
  if (words.length === 0) return true;
  const first = programName(words[0]);
  // `Bash(py*)`: the program word itself is open, so it may name an interpreter.
  const openProgram = star >= 0 && !/\s/.test(literal.slice(0, star));
  if (openProgram) return first === '' || [...SINGLE].some((n) => n.startsWith(first)) || RUNNERS.some((r) => r.startsWith(first));
  if (SINGLE.has(first)) return star >= 0 || words.length === 1;
  const two = `${first} ${words[1] ?? ''}`;
  if (RUNNERS.includes(two)) return star >= 0 || words.length === 2;
  // A path as the program (`./x`, `/bin/x`, `../x`) can be anything.
  return /^(?:[/~\\]|[a-z]:)|(?:^|[\\/])\.\.(?:[\\/]|$)/i.test(words[0]) && star >= 0;
}
