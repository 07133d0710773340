import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { main } from '../../../cli/main';
import { createLanguageService, type LanguageService } from '../../../server/service/language-service';
import { pathToUri } from '../../../server/service/uri';
import { fileExists, readText } from '../../../shared/host/node-fs';

/**
 * Hostile rule files for every dialect, shared by the in-process property test and the language
 * server test over stdio: one rule built from a many-star pattern, a stored request whose subject
 * is long, and the positions an editor would hover.
 */

/** One dialect's way of holding a pattern and a subject. */
export interface HostileCase {
  id: string;
  /** The rule file's path under the case's folder, and its requests file's. */
  rulePath: string;
  requestsPath: string;
  /** The rule file with the pattern in its rules; `base` flips the hostile rule's decision (for `diff --base`). */
  rules(pattern: string, base?: boolean): string;
  /** The stored request's fields for a subject. */
  request(subject: string): Record<string, unknown>;
  /** Subjects of this case's kind: a path has folders, a command has words. */
  kind: 'path' | 'command' | 'resource';
}

const j = (v: unknown) => JSON.stringify(v, null, 2);
const deny = (base: boolean | undefined) => (base ? 'allow' : 'deny');

/** A Gemini pattern from a glob-like one: each star a `.*` (regular-expression dialects). */
const regexOf = (p: string) => p.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*');

export const CASES: HostileCase[] = [
  {
    id: 'opencode V2',
    kind: 'resource',
    rulePath: 'opencode.json',
    requestsPath: 'opencode.requests.json',
    rules: (p, base) => j({ permissions: [{ action: 'edit', resource: '*', effect: 'ask' }, { action: 'edit', resource: p, effect: deny(base) }, { action: 'edit', resource: 'docs/*', effect: 'allow' }] }),
    request: (s) => ({ action: 'edit', resources: [s] }),
  },
  {
    id: 'opencode V1',
    kind: 'command',
    rulePath: 'opencode.json',
    requestsPath: 'opencode.requests.json',
    rules: (p, base) => j({ permission: { edit: { '*': 'ask', [p]: deny(base) }, bash: { '*': 'ask', 'git status': 'allow', [p]: deny(base) } } }),
    request: (s) => ({ action: 'bash', resources: [s] }),
  },
  {
    id: 'claude Bash',
    kind: 'command',
    rulePath: '.claude/settings.json',
    requestsPath: '.claude/settings.requests.json',
    rules: (p, base) => j({ permissions: { allow: ['Bash(git status)', ...(base ? [`Bash(${p})`] : [])], deny: base ? [] : [`Bash(${p})`] } }),
    request: (s) => ({ tool: 'Bash', command: s }),
  },
  {
    id: 'claude Read',
    kind: 'path',
    rulePath: '.claude/settings.json',
    requestsPath: '.claude/settings.requests.json',
    rules: (p, base) => j({ permissions: { allow: ['Read(docs/**)', ...(base ? [`Read(${p})`] : [])], deny: base ? [] : [`Read(${p})`, `Edit(${p})`] } }),
    request: (s) => ({ tool: 'Read', path: s }),
  },
  {
    id: 'omp',
    kind: 'command',
    rulePath: '.omp/config.json',
    requestsPath: '.omp/config.requests.json',
    rules: (p, base) => j({ tools: { approvalMode: 'always-ask' }, bash: { patterns: [{ match: 'git status', approval: 'allow' }, { match: p, approval: deny(base) }, { match: '*', approval: 'prompt' }] } }),
    request: (s) => ({ command: s }),
  },
  {
    id: 'codex',
    kind: 'command',
    rulePath: '.codex/rules/default.rules',
    requestsPath: '.codex/rules/default.requests.json',
    rules: (p, base) => `prefix_rule(pattern = ["git", "status"], decision = "allow")\nprefix_rule(pattern = [${JSON.stringify(p)}], decision = "${base ? 'allow' : 'forbidden'}")\nprefix_rule(pattern = ["run", ${JSON.stringify(p)}], decision = "prompt")\n`,
    request: (s) => ({ command: s }),
  },
  {
    id: 'gemini',
    kind: 'command',
    rulePath: '.gemini/policies/policy.toml',
    requestsPath: '.gemini/policies/policy.requests.json',
    rules: (p, base) =>
      [
        `[[rule]]\ntoolName = "run_shell_command"\ncommandRegex = ${JSON.stringify(regexOf(p))}\ndecision = "${base ? 'allow' : 'deny'}"\npriority = 300\n`,
        `[[rule]]\ntoolName = "run_shell_command"\ncommandPrefix = ${JSON.stringify(p)}\ndecision = "ask_user"\npriority = 200\n`,
        `[[rule]]\ntoolName = "run_shell_command"\nargsPattern = ${JSON.stringify(regexOf(p))}\ndecision = "deny"\npriority = 100\n`,
        `[[rule]]\ntoolName = "run_shell_command"\ncommandPrefix = "git status"\ndecision = "allow"\npriority = 50\n`,
      ].join('\n'),
    request: (s) => ({ tool: 'run_shell_command', args: { command: s } }),
  },
  {
    id: 'bounds',
    kind: 'path',
    rulePath: '.attesso/paths.json',
    requestsPath: '.attesso/paths.requests.json',
    rules: (p, base) => j({ version: 1, root: '.', tools: { 'file.read': { path_arg: 'path', access: 'read' }, 'shell.exec': { shell: true, command_arg: 'command' } }, allow: { read: ['**', ...(base ? [p] : [])] }, deny: { read: base ? ['.env'] : ['.env', p] } }),
    request: (s) => ({ tool: 'file.read', args: { path: s } }),
  },
  {
    id: 'bounds rules',
    kind: 'resource',
    rulePath: '.attesso/rules.json',
    requestsPath: '.attesso/rules.requests.json',
    // The pattern is a history condition's subject (compared whole, never as a pattern); the base denies another capability.
    rules: (p, base) => j({ version: 1, rules: [{ id: 'no-read-after-hostile', deny: { capabilities: [base ? 'send' : 'read'] }, if_path: { capability: 'read', subject: p } }, { id: 'step-cap', deny: { capabilities: ['send'] }, max_steps: 1000 }] }),
    request: (s) => ({ history: [{ action: 'web.read', subject: s, task: 't', trust: 'untrusted', capability: 'read' }], proposal: { action: 'file.read', subject: s, task: 't', capability: 'read' } }),
  },
  {
    id: 'qwen',
    kind: 'command',
    rulePath: '.qwen/settings.json',
    requestsPath: '.qwen/settings.requests.json',
    rules: (p, base) => j({ $version: 4, permissions: { allow: ['Bash(git status)', ...(base ? [`Bash(${p})`] : [])], deny: base ? [] : [`Bash(${p})`] } }),
    request: (s) => ({ tool: 'Bash', command: s, mode: 'default' }),
  },
  {
    id: 'cursor',
    kind: 'command',
    rulePath: '.cursor/cli.json',
    requestsPath: '.cursor/cli.requests.json',
    rules: (p, base) => j({ permissions: { allow: ['Shell(git)', ...(base ? [`Shell(${p})`] : [])], deny: base ? [] : [`Shell(${p})`] } }),
    request: (s) => ({ tool: 'Shell', command: s }),
  },
  {
    id: 'amp',
    kind: 'command',
    rulePath: '.amp/settings.json',
    requestsPath: '.amp/settings.requests.json',
    rules: (p, base) => j({ 'amp.permissions': [{ tool: 'Bash', matches: { cmd: 'git status' }, action: 'allow' }, { tool: 'Bash', matches: { cmd: p }, action: base ? 'allow' : 'reject' }, { tool: 'Bash', action: 'ask' }] }),
    request: (s) => ({ tool: 'Bash', args: { cmd: s } }),
  },
  {
    id: 'copilot',
    kind: 'command',
    rulePath: '.github/copilot/permissions.flags',
    requestsPath: '.github/copilot/permissions.requests.json',
    rules: (p, base) => `--allow-tool shell(git:*)\n--${base ? 'allow' : 'deny'}-tool shell(${p})\n`,
    request: (s) => ({ tool: 'bash', command: s }),
  },
];

/** The name of the stored request every case holds. */
export const REQUEST_NAME = 'long subject';

/** A stored-requests file with the one hostile request. */
export function requestsText(c: HostileCase, subject: string): string {
  return j({ requests: [{ name: REQUEST_NAME, origin: 'synthetic', ...c.request(subject), expect: 'ask' }] });
}

/** The case's files written under a fresh folder; the base variant beside the rule file. */
export interface Written {
  dir: string;
  rules: string;
  requests: string;
  base: string;
  ruleText: string;
  requestText: string;
}

/**
 * Writes one case's rule file, requests file and `diff --base` file into a fresh folder (inside `under`, when given).
 * @example write(CASES[0], '*a*b', 'aaa').rules // '/tmp/…/opencode.json'
 */
export function write(c: HostileCase, pattern: string, subject: string, under?: string): Written {
  const dir = fs.mkdtempSync(path.join(under ?? os.tmpdir(), 'rulelens-hostile-'));
  const rules = path.join(dir, c.rulePath);
  const requests = path.join(dir, c.requestsPath);
  const base = path.join(path.dirname(rules), `base-${path.basename(rules)}`);
  fs.mkdirSync(path.dirname(rules), { recursive: true });
  const ruleText = c.rules(pattern);
  const requestText = requestsText(c, subject);
  fs.writeFileSync(rules, ruleText);
  fs.writeFileSync(requests, requestText);
  fs.writeFileSync(base, c.rules(pattern, true));
  return { dir, rules, requests, base, ruleText, requestText };
}

/** The LSP position of the first occurrence of `needle` in `text` (its first character, plus `delta`). */
export function positionOf(text: string, needle: string, delta = 1): { line: number; character: number } {
  const i = text.indexOf(needle);
  if (i < 0) throw new Error(`not found: ${needle.slice(0, 40)}`);
  const before = text.slice(0, i + delta);
  const nl = before.lastIndexOf('\n');
  return { line: before.split('\n').length - 1, character: before.length - nl - 1 };
}

/**
 * Many-star patterns of the shapes that make backtracking matchers explode: `*a*a…*ab` (every star
 * must be tried at every position), stars between `?`s, stars around slashes (globstars in globs).
 * `last` is the final letter (never in a subject), so each measurement can use a pattern no cache
 * has seen.
 */
export const PATTERN_SHAPES: ReadonlyArray<{ name: string; of(stars: number, last?: string): string }> = [
  { name: '*a*a…*ab', of: (k, last = 'b') => `${'*a'.repeat(Math.max(0, k - 1))}*a${last}` },
  { name: 'a*a*…b', of: (k, last = 'b') => `${'a*'.repeat(k)}${last}` },
  { name: '*?*?…z', of: (k, last = 'z') => `${'*?'.repeat(k)}${last}` },
  { name: '**/a/…', of: (k, last = 'b') => `${'*/a/'.repeat(k)}${last}` },
];

/** Long subjects of each kind: a name of one letter, words, folders. */
export const SUBJECT_SHAPES: Record<HostileCase['kind'], ReadonlyArray<{ name: string; of(n: number): string }>> = {
  resource: [
    { name: 'a…a', of: (n) => 'a'.repeat(n) },
    { name: 'a/a/…', of: (n) => 'a/'.repeat(n >> 1) },
  ],
  command: [
    { name: 'a…a', of: (n) => 'a'.repeat(n) },
    { name: 'a a a…', of: (n) => 'a '.repeat(n >> 1).trimEnd() },
  ],
  path: [
    { name: 'a…a', of: (n) => 'a'.repeat(n) },
    { name: 'a/a/…', of: (n) => `a/${'a/'.repeat((n >> 1) - 2)}a` },
  ],
};

/** What one entry point is given: the written files, the case, and the subject. */
export interface EntryInput {
  c: HostileCase;
  w: Written;
  subject: string;
}

/** Output that goes nowhere (the CLI's and the server's answers are checked elsewhere). */
const QUIET = { out: () => undefined, err: () => undefined };

/** The CLI entry points, run in this process through the command dispatcher. */
export const CLI_ENTRY_POINTS: ReadonlyArray<{ name: string; run(x: EntryInput): Promise<unknown> }> = [
  { name: 'eval --request', run: ({ c, w, subject }) => cliMain(['eval', w.rules, '--request', JSON.stringify(c.request(subject))]) },
  { name: 'eval --request --trace', run: ({ c, w, subject }) => cliMain(['eval', w.rules, '--request', JSON.stringify(c.request(subject)), '--trace']) },
  { name: 'eval --requests', run: ({ w }) => cliMain(['eval', w.rules, '--requests', w.requests]) },
  { name: 'eval --requests --trace', run: ({ w }) => cliMain(['eval', w.rules, '--requests', w.requests, '--trace']) },
  { name: 'check', run: ({ w }) => cliMain(['check', w.rules]) },
  { name: 'diff --base', run: ({ w }) => cliMain(['diff', w.rules, '--base', w.base]) },
];

function cliMain(argv: string[]): Promise<number> {
  return main(argv, QUIET);
}

/** A language service over the written files with both documents open, as the editor has them. */
export async function openService(x: EntryInput, pattern: string): Promise<OpenService> {
  const ls = createLanguageService({ readFile: readText, exists: fileExists, ctx: { home: '/home/u', root: x.w.dir } });
  const ruleUri = pathToUri(x.w.rules);
  const requestsUri = pathToUri(x.w.requests);
  ls.setDocument(ruleUri, x.w.ruleText, 1);
  ls.setDocument(requestsUri, x.w.requestText, 1);
  await ls.ready(ruleUri);
  return { ls, ruleUri, requestsUri, at: hoverPositions(x, pattern), x };
}

/** Where the hostile pattern stands in the rule file, and the request's name in the requests file. */
export function hoverPositions(x: EntryInput, pattern: string): { rule: { line: number; character: number }; request: { line: number; character: number } } {
  const needle = x.c.id === 'gemini' ? 'commandPrefix = "' + pattern.slice(0, 8) : pattern.slice(0, 8);
  return { rule: positionOf(x.w.ruleText, needle, needle.length - 4), request: positionOf(x.w.requestText, REQUEST_NAME) };
}

/** An open service with the hover positions of its case. */
export interface OpenService {
  ls: LanguageService;
  ruleUri: string;
  requestsUri: string;
  at: ReturnType<typeof hoverPositions>;
  x: EntryInput;
}

/** The editor's entry points on one service (the server answers each request with these calls). */
export const SERVICE_ENTRY_POINTS: ReadonlyArray<{ name: string; run(s: OpenService): unknown }> = [
  { name: 'diagnostics', run: ({ ls, ruleUri }) => ls.validate(ruleUri) },
  { name: 'hover on the rule', run: ({ ls, ruleUri, at }) => ls.doHover(ruleUri, at.rule) },
  { name: 'hover on the request', run: ({ ls, requestsUri, at }) => ls.doHover(requestsUri, at.request) },
  { name: 'code lens (rules)', run: ({ ls, ruleUri }) => ls.codeLenses(ruleUri) },
  { name: 'code lens (requests)', run: ({ ls, requestsUri }) => ls.codeLenses(requestsUri) },
  { name: 'completion', run: ({ ls, ruleUri, at }) => ls.completion(ruleUri, at.rule) },
  { name: 'trace view', run: ({ ls, ruleUri }) => ls.evaluate({ uri: ruleUri, requestName: REQUEST_NAME }) },
  { name: 'evaluate', run: ({ ls, ruleUri, x }) => ls.evaluate({ uri: ruleUri, request: x.c.request(x.subject) }) },
];
