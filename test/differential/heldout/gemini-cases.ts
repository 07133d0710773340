// Held-out Gemini CLI cases: policies of several files of the user tier (Gemini loads every file
// of the folder), shell calls of every shape, modes, interactive and not. Written by hand, apart
// from the generators, to test what a user would try.

export interface GeminiHeldOutPolicy {
  name: string;
  files: Record<string, string>;
  calls: Array<{ command: string; mode?: 'default' | 'autoEdit' | 'yolo' | 'plan'; interactive?: boolean }>;
}

const rule = (prefix: string | string[], decision: string, priority: number, extra = '') =>
  `[[rule]]\ntoolName = "run_shell_command"\ncommandPrefix = ${JSON.stringify(prefix)}\ndecision = "${decision}"\npriority = ${priority}\n${extra}`;
const tool = (name: string, decision: string, priority: number) => `[[rule]]\ntoolName = "${name}"\ndecision = "${decision}"\npriority = ${priority}\n`;

/** Every call under every mode pair listed: interactive default, non-interactive default, yolo. */
function variants(commands: string[]): GeminiHeldOutPolicy['calls'] {
  return commands.flatMap((command) => [{ command }, { command, interactive: false }]);
}

export const GEMINI_POLICIES: readonly GeminiHeldOutPolicy[] = [
  {
    name: 'the issue: a.toml allows npm (100), b.toml denies npm publish (300)',
    files: { 'a.toml': rule('npm', 'allow', 100), 'b.toml': rule('npm publish', 'deny', 300) },
    calls: variants(['npm publish', 'npm test', 'npm publish --dry-run', 'npm', 'npm  publish', 'npm test && npm publish', 'echo $(npm publish)', "bash -c 'npm publish'", 'npm publisher', 'npm run build > log.txt']),
  },
  {
    name: 'compound commands whose parts are allowed',
    files: { 'a.toml': rule(['git status', 'ls'], 'allow', 100) },
    calls: [
      ...variants(['git status; ls', 'git status && ls', 'git status | ls', 'git status; rm x', 'ls; git status', 'git status;ls', 'ls -la && git status', 'cat a; ls', 'git status; cat /etc/passwd', 'git log; ls']),
      { command: 'git status; ls', mode: 'yolo' },
      { command: 'git status; ls', mode: 'plan' },
      { command: 'git status; ls', mode: 'autoEdit' },
    ],
  },
  {
    name: 'ask_user rules in a non-interactive session',
    files: { 'a.toml': rule('git', 'ask_user', 100), 'b.toml': rule('git status', 'allow', 200) },
    calls: variants(['git push', 'git status', 'git status && git push', 'git', 'ls']),
  },
  {
    name: 'the known-safe heuristic under no rule',
    files: { 'a.toml': rule('rm', 'deny', 500) },
    calls: variants(['ls', 'ls -la', 'cat a.txt', 'cat /etc/passwd', 'cat ../x', 'git status', 'git log -1', 'git branch -a', 'git branch new', 'git -c a=b status', 'sed -n 1p a', 'sed -i s/a/b/ a', 'wc -l a', 'head -n 1 a', 'find . -name x', 'find . -delete', 'grep -r x .', 'echo hi', 'pwd', 'cd ..', 'cd sub', 'rm x', 'bash -c "ls"', 'bash -c "ls; pwd"', 'bash -c "ls > x"', 'base64 a', 'base64 -o x a']),
  },
  {
    name: 'redirection and wrappers',
    files: { 'a.toml': rule('echo', 'allow', 100), 'b.toml': rule('cat', 'allow', 100, 'allowRedirection = true\n'), 'c.toml': rule('bash', 'deny', 50) },
    calls: [
      ...variants(['echo hi > out.txt', 'echo hi >> log', 'cat a > b', 'echo hi 2>&1', 'echo $(cat a)', 'echo `cat a`', 'bash -c "echo hi"', 'sh -c "echo hi"', 'echo hi | cat', 'cat <<< hi']),
      { command: 'echo hi > out.txt', mode: 'autoEdit' },
      { command: 'echo hi > out.txt', mode: 'yolo' },
    ],
  },
  {
    name: 'dangerous commands under a tool-wide allow',
    files: { 'a.toml': tool('run_shell_command', 'allow', 100), 'b.toml': rule('git push', 'deny', 200) },
    calls: variants(['rm -rf build', 'rm -f x', 'rm x', 'find . -exec rm {} +', 'git -c core.pager=x log', 'git push', 'ls', 'sudo rm -rf x', 'ln -s a b', 'echo hi']),
  },
  {
    name: 'priorities across three files',
    files: { 'a.toml': rule('git', 'allow', 10), 'b.toml': rule('git push', 'ask_user', 500), 'c.toml': rule('git push --force', 'deny', 900) },
    calls: variants(['git push', 'git push --force', 'git push -f', 'git status', 'git push --force-with-lease', 'git pushx']),
  },
  {
    name: 'a broken file beside a good one',
    files: { 'a.toml': rule('git', 'allow', 100), 'b.toml': '[[rule]\ntoolName = "x"\n' },
    calls: variants(['git status', 'ls']),
  },
  {
    name: 'modes',
    files: { 'a.toml': rule('npm', 'allow', 100, 'modes = ["autoEdit", "yolo"]\n'), 'b.toml': rule('npm test', 'ask_user', 50) },
    calls: [
      { command: 'npm install' },
      { command: 'npm install', mode: 'autoEdit' },
      { command: 'npm install', mode: 'yolo' },
      { command: 'npm install', mode: 'plan' },
      { command: 'npm test', mode: 'autoEdit' },
      { command: 'npm test', mode: 'yolo', interactive: false },
      { command: 'ls', mode: 'plan' },
      { command: 'ls', mode: 'yolo' },
    ],
  },
  {
    name: 'commands that do not parse',
    files: { 'a.toml': rule('echo', 'allow', 100), 'b.toml': rule('ls', 'deny', 100) },
    calls: variants(['echo "unterminated', 'ls &&', 'if then', 'echo ${x@P}', '(echo hi']),
  },
];
