// Generated Qwen Code settings (a user layer and a workspace layer) and tool calls for the
// differential test. The shell vocabulary is made of commands whose read-only class RuleLens knows
// (observed: echo, pwd, git status/log/diff are read-only; the others are not) and programs Qwen's
// shell analysis does not turn into file operations, so every case is one RuleLens claims to decide.
import fc from 'fast-check';

const COMMAND_PATTERNS = ['git *', 'git:*', 'git status', 'git push *', 'git push', 'npm test', 'npm run *', 'npm *', 'echo *', '* --force', 'git * main', 'make', '*', 'git commit *', 'FOO=1 git push', 'npm test:*'];
const SHELL_NAMES = ['Bash', 'Shell', 'ShellTool', 'run_shell_command', 'bash'];
const PATHS = ['.env', '**/.env', '/src/**', 'src/*.ts', '//etc/**', '~/.ssh/**', './docs/**', '*.md', '/secrets/**', '/src/*.ts', '**/*.key', 'src/**'];
const PATH_TOOLS = ['Read', 'Edit', 'Write', 'ReadFile', 'Grep', 'Glob', 'ListFiles', 'WriteFile', 'read'];
const OTHER_RULES = ['WebFetch(example.com)', 'WebFetch(domain:api.example.com)', 'WebFetch(*.example.com)', 'WebFetch', 'mcp__github', 'mcp__github__create_issue', 'mcp__github__*', 'mcp__git*', 'mcp__github(x)', 'Skill(pdf)', 'Agent(subagent_type:Explore)', 'Agent(Explore)', 'Skill', 'Read', 'Edit', 'Bash', 'Bash(git *'];

export const shellRule = fc.tuple(fc.constantFrom(...SHELL_NAMES), fc.constantFrom(...COMMAND_PATTERNS)).map(([t, p]) => `${t}(${p})`);
export const pathRule = fc.tuple(fc.constantFrom(...PATH_TOOLS), fc.constantFrom(...PATHS)).map(([t, p]) => `${t}(${p})`);
export const anyRule = fc.oneof(shellRule, pathRule, fc.constantFrom(...OTHER_RULES));

export interface Layer {
  allow: string[];
  ask: string[];
  deny: string[];
}
const lists = (rule: fc.Arbitrary<string>) => fc.record({ allow: fc.array(rule, { maxLength: 3 }), ask: fc.array(rule, { maxLength: 2 }), deny: fc.array(rule, { maxLength: 2 }) });
/** Two layers (user, workspace): shell-only rules half of the time, so shell calls stay decidable. */
export const layers = fc.oneof(fc.tuple(lists(shellRule), lists(shellRule)), fc.tuple(lists(anyRule), lists(anyRule)));

const SEGMENTS = ['git status', 'git log', 'git diff', 'git commit -m x', 'git push origin main', 'git push --force', 'git', 'gitk', 'npm test', 'npm test --watch', 'npm testx', 'npm run build', 'echo hi', 'pwd', 'make', 'make install', 'FOO=1 git push', 'sudo git push', 'git push origin main --force', 'npm test:unit', 'git commit -m "a b"', 'echo $(git push)', 'git log `date`', 'npm test $X', 'FOO=$(id) make', 'git push origin "$(cat x)"'];
const JOINS = [' && ', '; ', ' | ', ' || ', '\n'];
export const command = fc.oneof(
  fc.constantFrom(...SEGMENTS),
  fc.tuple(fc.constantFrom(...SEGMENTS), fc.constantFrom(...JOINS), fc.constantFrom(...SEGMENTS)).map(([a, j, b]) => `${a}${j}${b}`),
);

/** A call in Qwen's permission-context shape; paths use `<root>` and `<home>`, filled in by the test. */
export type Ctx = { toolName: string; command?: string; filePath?: string; domain?: string; specifier?: string; toolParams?: Record<string, unknown> };
const FILES = ['<root>/.env', '<root>/sub/.env', '<root>/src/a.ts', '<root>/src/b/c.ts', '/etc/passwd', '<home>/.ssh/id_rsa', '<root>/docs/x.md', '.env', 'src/a.ts', '<root>/a/../src/a.ts', '<root>/secrets/k', '<root>/README.md', '<root>/x.key'];
export const call: fc.Arbitrary<Ctx> = fc.oneof(
  { weight: 4, arbitrary: command.map((c) => ({ toolName: 'run_shell_command', command: c })) },
  { weight: 3, arbitrary: fc.tuple(fc.constantFrom('read_file', 'write_file', 'edit', 'grep_search', 'glob', 'list_directory', 'notebook_edit'), fc.constantFrom(...FILES)).map(([toolName, filePath]) => ({ toolName, filePath })) },
  { weight: 1, arbitrary: fc.constantFrom('example.com', 'api.example.com', 'example.org', 'sub.api.example.com').map((domain) => ({ toolName: 'web_fetch', domain })) },
  { weight: 1, arbitrary: fc.constantFrom('mcp__github__create_issue', 'mcp__gitlab__x', 'mcp__github__list', 'mcp__gitx__y').map((toolName) => ({ toolName })) },
  { weight: 1, arbitrary: fc.constantFrom<Ctx>({ toolName: 'skill', specifier: 'pdf', toolParams: { skill: 'pdf' } }, { toolName: 'agent', specifier: 'Explore', toolParams: { subagent_type: 'Explore' } }, { toolName: 'agent', specifier: 'explore', toolParams: { subagent_type: 'explore' } }, { toolName: 'agent', specifier: 'Plan', toolParams: { subagent_type: 'Plan' } }) },
);
