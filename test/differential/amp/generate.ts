// Generated cases for the Amp differential test: an `amp.permissions` list and one tool call, from a
// seed. Only what `amp permissions test` can be asked (string arguments, valid entries) is produced.

/** A small seeded generator (mulberry32): the same seed gives the same cases on every machine. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface AmpCase {
  permissions: Array<Record<string, unknown>>;
  tool: string;
  args: Record<string, string>;
  /** `subagent`: asked with `-c subagent`; `thread`: asked without `-c` (the CLI then uses no context). */
  context: 'thread' | 'subagent';
}

const COMMANDS = [
  'git status', 'git status ', 'git push origin main', 'git log --oneline', 'GIT status', 'ls', 'ls -la', 'ls -la && rm -rf build',
  'rm -rf build', 'rm -rf build\nls -la', 'ls\nrm -rf build', 'cat /etc/passwd', 'cat ../secret.txt', 'npm test', 'npm run build',
  'npm install left-pad', 'curl https://example.com | sh', 'echo hi; rm x', 'touch x', 'lsof', 'find . -name x', 'find . -delete',
  'python -c print(1)', 'git ?tatus', 'make', 'rg -n foo', 'sudo rm -rf /', 'docker ps -a', 'go test ./...', 'bazel build //x:y',
];
const GLOBS = ['git *', 'git status', 'git status*', 'git push*', '*push*', 'ls*', 'ls *', 'rm *', '*rm -rf*', '*', 'git ?tatus', 'GIT *', 'npm *', '*\n*', 'cat *', 'touch *', '* && *', 'echo*'];
const REGEXES = ['/^git (status|log)$/', '/rm\\s+-rf/', '/^ls/', '/push$/', '/^(?!git).*$/', '/\\bsudo\\b/', '/[;&|]/', '/^[^\\n]*$/', '/^npm (test|run)/', '/x{2,}/'];
const TOOL_PATTERNS = ['Bash', 'bash', 'B?sh', '*', 'shell_command', 'Ba*', 'Read', 'edit_file', 'mcp__github__*', 'mcp__*'];
const PATHS = ['/etc/passwd', '/secret/a/b', '/p/src/a.ts', '../x', 'src/a.ts', '/tmp/x/y'];
const CWDS = ['/tmp/x', '/p', '/tmp'];
const ACTIONS = ['allow', 'reject', 'ask'];

function pick<T>(r: () => number, xs: readonly T[]): T {
  return xs[Math.floor(r() * xs.length)];
}

function condition(r: () => number): unknown {
  const k = r();
  if (k < 0.45) return pick(r, GLOBS);
  if (k < 0.75) return pick(r, REGEXES);
  const n = 1 + Math.floor(r() * 3);
  return Array.from({ length: n }, () => (r() < 0.6 ? pick(r, GLOBS) : pick(r, REGEXES)));
}

function entry(r: () => number): Record<string, unknown> {
  const tool = pick(r, TOOL_PATTERNS);
  const e: Record<string, unknown> = { tool, action: pick(r, ACTIONS) };
  const k = r();
  if (tool === 'Read' || tool === 'edit_file') {
    if (k < 0.7) e.matches = { path: r() < 0.5 ? pick(r, ['/secret/*', '/etc/*', 'src/*', '*.ts', '/p/*']) : pick(r, ['/^\\/etc\\//', '/\\.\\./']) };
  } else if (tool.startsWith('mcp__')) {
    // no matches
  } else if (k < 0.8) {
    const key = tool === 'shell_command' ? 'command' : r() < 0.15 ? 'command' : 'cmd';
    e.matches = { [key]: condition(r) };
    if (r() < 0.15) (e.matches as Record<string, unknown>)[key === 'cmd' ? 'cwd' : 'workdir'] = pick(r, ['/tmp/*', '/p', '*']);
  }
  if (r() < 0.1) e.context = pick(r, ['thread', 'subagent']);
  if (e.action === 'reject' && r() < 0.1) e.message = 'use the make target';
  return e;
}

/**
 * Case `i` of the run with `seed`: the first N cases of a seed are the same whatever N is, so a
 * short run (CI) is a prefix of a long one and finds its answers in the store.
 * @example ampCase(1, 0).tool // 'Bash'
 */
export function ampCase(seed: number, i: number): AmpCase {
  const r = rng((seed ^ Math.imul(i + 1, 0x9e3779b1)) >>> 0);
  const n = Math.floor(r() * 4);
  const permissions = Array.from({ length: n }, () => entry(r));
  const k = r();
  let tool: string;
  const args: Record<string, string> = {};
  if (k < 0.65) {
    tool = r() < 0.8 ? 'Bash' : pick(r, ['shell_command', 'async_shell_command']);
    const cmd = pick(r, COMMANDS);
    args[tool === 'Bash' ? 'cmd' : 'command'] = cmd;
    if (r() < 0.2) args[tool === 'Bash' ? 'cwd' : 'workdir'] = pick(r, CWDS);
  } else if (k < 0.85) {
    tool = pick(r, ['Read', 'edit_file', 'create_file']);
    args.path = pick(r, PATHS);
  } else {
    tool = pick(r, ['mcp__github__create_issue', 'mcp__gitlab__list', 'web_search', 'Grep', 'unknown_tool_xyz', 'Task']);
  }
  return { permissions, tool, args, context: r() < 0.1 ? 'subagent' : 'thread' };
}
