import { strict as assert } from 'assert';
import { initShellParser } from '../../../shared/dialects/claude';
import { ASSUMED, evaluateCursor, lintCursor, parseCursor, type CursorRequest } from '../../../shared/dialects/cursor';

/**
 * Cursor CLI publishes no evaluator, so its documentation is the oracle: every case cites the page
 * it follows. [P] cursor.com/docs/cli/reference/permissions, [P0] docs.cursor.com/en/cli/reference/permissions
 * ("Pattern matching"), [C] docs.cursor.com/en/cli/reference/configuration, [F]
 * cursor.com/docs/cli/reference/parameters (`--force`), [S] an unofficial page (Mcp syntax).
 * Cases marked `assumed` encode RuleLens's stricter choice where the pages are silent; their
 * traces must say so, and none of them may allow.
 */
interface Case {
  id: string;
  allow?: string[];
  deny?: string[];
  request: Partial<CursorRequest> & Pick<CursorRequest, 'tool'>;
  expect: 'allow' | 'ask' | 'deny';
  source: string;
  assumed?: boolean;
}

const ROOT = '/work/project';

const CASES: Case[] = [
  { id: 'K01', allow: ['Shell(ls)'], request: { tool: 'Shell', command: 'ls -la' }, expect: 'allow', source: '[P] Shell(ls)' },
  { id: 'K02', allow: ['Shell(git)'], request: { tool: 'Shell', command: 'git push origin main' }, expect: 'allow', source: '[P] Shell(git): "Allow any git subcommand"' },
  { id: 'K03', allow: ['Shell(git)'], deny: ['Shell(git)'], request: { tool: 'Shell', command: 'git status' }, expect: 'deny', source: '[P0] "Deny rules take precedence over allow rules"' },
  { id: 'K04', allow: ['Shell(curl:*)'], request: { tool: 'Shell', command: 'curl -s https://x.dev' }, expect: 'allow', source: '[P] Shell(curl:*): "Allow curl with any arguments"' },
  { id: 'K05', deny: ['Shell(rm)'], request: { tool: 'Shell', command: 'rm -rf build' }, expect: 'deny', source: '[P] Shell(rm) in deny' },
  { id: 'K06', allow: ['Shell(npm)'], request: { tool: 'Shell', command: 'npx foo' }, expect: 'ask', source: '[P] "The commandBase is the first token in the command line"' },
  { id: 'K07', allow: ['Shell(ls)'], request: { tool: 'Shell', command: 'ls && rm -rf /' }, expect: 'ask', source: 'compound commands are not documented', assumed: true },
  { id: 'K08', deny: ['Shell(rm)'], request: { tool: 'Shell', command: 'ls; rm -rf x' }, expect: 'deny', source: 'compound commands are not documented', assumed: true },
  { id: 'K09', deny: ['Shell(rm)'], request: { tool: 'Shell', command: 'sudo rm -rf x' }, expect: 'deny', source: 'wrappers are not documented', assumed: true },
  { id: 'K10', allow: ['Shell(echo)'], request: { tool: 'Shell', command: 'echo $(curl x)' }, expect: 'ask', source: 'substitutions are not documented', assumed: true },
  { id: 'K11', allow: ['Read(src/**/*.ts)'], request: { tool: 'Read', path: 'src/a/b.ts' }, expect: 'allow', source: '[P] Read(src/**/*.ts)' },
  { id: 'K12', allow: ['Read(src/**/*.ts)'], request: { tool: 'Read', path: 'src/a/b.js' }, expect: 'ask', source: '[P] Read(src/**/*.ts); an unmatched read is not documented', assumed: true },
  { id: 'K13', deny: ['Read(.env*)'], request: { tool: 'Read', path: '.env.local' }, expect: 'deny', source: '[P] Read(.env*) in deny' },
  { id: 'K14', deny: ['Read(.env*)'], request: { tool: 'Read', path: 'config/.env' }, expect: 'ask', source: '[P0] "Relative paths are scoped to the current workspace"' },
  { id: 'K15', allow: ['Read(**/*.md)'], request: { tool: 'Read', path: 'docs/x/README.md' }, expect: 'allow', source: '[P] Read(**/*.md)' },
  { id: 'K16', deny: ['Read(/etc/passwd)'], request: { tool: 'Read', path: '/etc/passwd' }, expect: 'deny', source: '[P] Read(/etc/passwd); [P0] "Absolute paths can target files outside the project"' },
  { id: 'K17', allow: ['Write(src/**)'], request: { tool: 'Write', path: 'src/a/b.ts' }, expect: 'allow', source: '[P] Write(src/**)' },
  { id: 'K18', allow: ['Write(src/**)'], deny: ['Write(**/*.key)'], request: { tool: 'Write', path: 'src/k.key' }, expect: 'deny', source: '[P] Write(**/*.key) + [P0] deny precedence' },
  { id: 'K19', allow: ['Write(package.json)'], request: { tool: 'Write', path: 'package.json' }, expect: 'allow', source: '[P] Write(package.json)' },
  { id: 'K20', request: { tool: 'Write', path: 'a.txt', printMode: true, force: true }, expect: 'allow', source: '[F] --force: "Force allow commands unless explicitly denied"; [P0] print mode needs --force to write' },
  { id: 'K21', deny: ['Write(**/.env*)'], request: { tool: 'Write', path: '.env', printMode: true, force: true }, expect: 'deny', source: '[P] Write(**/.env*) + [F] "unless explicitly denied"' },
  { id: 'K22', request: { tool: 'WebFetch', url: 'https://docs.python.org/3/' }, expect: 'ask', source: '[P] "Without an allowlist entry, each fetch prompts for approval"' },
  { id: 'K23', allow: ['WebFetch(docs.python.org)'], request: { tool: 'WebFetch', url: 'https://docs.python.org/3/' }, expect: 'allow', source: '[P] WebFetch: "Add domains to allow to auto-approve fetches"' },
  { id: 'K24', allow: ['WebFetch(docs.python.org)'], request: { tool: 'WebFetch', url: 'https://evil.example/' }, expect: 'ask', source: '[P] WebFetch' },
  { id: 'K25', allow: ['Mcp(github, create_issue)'], request: { tool: 'Mcp', server: 'github', mcpTool: 'create_issue' }, expect: 'allow', source: '[S] Mcp(server-name, tool-name) (unofficial; flagged by a lint)' },
  { id: 'K26', allow: ['shell(ls)'], request: { tool: 'Shell', command: 'ls' }, expect: 'ask', source: '[C] "Permission entries are exact strings"' },
  { id: 'K27', allow: ['Bash(ls)'], request: { tool: 'Shell', command: 'ls' }, expect: 'ask', source: '[P] the types are Shell, Read, Write, WebFetch (Bash is not one)' },
  // More of the same pages.
  { id: 'K29', allow: ['Shell(git)'], request: { tool: 'Shell', command: 'git status', force: true }, expect: 'allow', source: '[P] Shell(git)' },
  { id: 'K30', deny: ['Shell(git)'], request: { tool: 'Shell', command: 'git status', force: true }, expect: 'deny', source: '[F] "unless explicitly denied"' },
  { id: 'K31', request: { tool: 'Shell', command: 'ls' }, expect: 'ask', source: '[C]/[P] no rule: the CLI asks ("Before running terminal commands, CLI will ask you to approve")' },
  { id: 'K32', allow: ['Shell(ls)'], request: { tool: 'Shell', command: '/bin/ls' }, expect: 'ask', source: 'a path as the first token is not documented', assumed: true },
  { id: 'K33', deny: ['Shell(rm)'], request: { tool: 'Shell', command: '/bin/rm -rf x' }, expect: 'deny', source: 'a path as the first token is not documented', assumed: true },
  { id: 'K34', allow: ['Read(src/**)'], request: { tool: 'Read', path: 'src/.env' }, expect: 'ask', source: 'dot files under a glob are not documented', assumed: true },
  { id: 'K35', deny: ['Read(src/**)'], request: { tool: 'Read', path: 'src/.env' }, expect: 'deny', source: 'dot files under a glob are not documented', assumed: true },
  { id: 'K36', allow: ['Read(src/**)'], request: { tool: 'Read', path: 'src/../.env' }, expect: 'ask', source: '[P0] relative paths are scoped to the workspace (the normalized path is .env)' },
  { id: 'K37', allow: ['WebFetch(github.com)'], request: { tool: 'WebFetch', url: 'https://api.github.com/x' }, expect: 'ask', source: 'subdomains are not documented', assumed: true },
  { id: 'K38', deny: ['WebFetch(github.com)'], request: { tool: 'WebFetch', url: 'https://api.github.com/x' }, expect: 'deny', source: 'subdomains are not documented', assumed: true },
  { id: 'K39', allow: ['Shell(bash)'], request: { tool: 'Shell', command: "bash -c 'rm -rf x'" }, expect: 'ask', source: 'a script run by a shell is not documented', assumed: true },
  { id: 'K40', allow: ['Shell(git:status)'], request: { tool: 'Shell', command: 'git status --short' }, expect: 'ask', source: '[P] command:args: the args glob covers all arguments' },
];

function fileOf(c: Case): string {
  const permissions: Record<string, string[]> = {};
  if (c.allow) permissions.allow = c.allow;
  if (c.deny) permissions.deny = c.deny;
  return JSON.stringify({ permissions });
}

describe('cursor: conformance with the documentation', () => {
  before(initShellParser);
  for (const c of CASES) {
    it(`${c.id} ${c.request.tool} ${c.request.command ?? c.request.path ?? c.request.url ?? c.request.server ?? ''} → ${c.expect} (${c.source})`, () => {
      const rs = parseCursor({ path: `${ROOT}/.cursor/cli.json`, text: fileOf(c) });
      const v = evaluateCursor(rs, { printMode: false, force: false, ...c.request }, { root: ROOT });
      assert.equal(v.decision, c.expect, JSON.stringify(v.trace, null, 1));
      if (c.assumed) {
        const text = [v.trace.branch, ...v.trace.notes, ...v.trace.sections.flatMap((s) => [s.branch, ...s.rows.map((r) => r.note ?? '')])].join('\n');
        assert.ok(text.includes(ASSUMED), `the trace says what is assumed: ${text}`);
        assert.notEqual(v.decision, 'allow', 'never allow on an assumption');
      }
    });
  }

  it('K25: the Mcp syntax is flagged as not confirmed by the docs', () => {
    const rs = parseCursor({ path: `${ROOT}/.cursor/cli.json`, text: '{"permissions":{"allow":["Mcp(github, create_issue)"]}}' });
    assert.ok(lintCursor(rs).some((f) => f.code === 'cursor-unconfirmed-syntax'));
  });

  it('K26/K27: entries of other spellings never match and say so', () => {
    const rs = parseCursor({ path: `${ROOT}/.cursor/cli.json`, text: '{"permissions":{"allow":["shell(ls)","Bash(ls)"]}}' });
    const msgs = lintCursor(rs).filter((f) => f.code === 'never-matches').map((f) => f.message);
    assert.equal(msgs.length, 2);
    assert.match(msgs[0], /did you mean Shell\(ls\)/);
    assert.match(msgs[1], /did you mean Shell\(ls\)/);
  });

  it('K28: a global cli-config.json with a comment is replaced by the CLI: none of its rules is in force', () => {
    const rs = parseCursor({ path: '/home/u/.cursor/cli-config.json', text: '{\n  // mine\n  "version": 1,\n  "permissions": {"allow": ["Shell(ls)"], "deny": []}\n}' });
    assert.ok(rs.findings.some((f) => f.code === 'cursor-json-invalid' && f.severity === 'error'));
    assert.equal(evaluateCursor(rs, { tool: 'Shell', command: 'ls', printMode: false, force: false }).decision, 'ask');
  });

  it('a project file with a comment keeps its denies and drops its allows (assumed, stricter either way)', () => {
    const rs = parseCursor({ path: `${ROOT}/.cursor/cli.json`, text: '{\n  // x\n  "permissions": {"allow": ["Shell(ls)", "Shell(rm)"], "deny": ["Shell(rm)"]}\n}' });
    assert.equal(evaluateCursor(rs, { tool: 'Shell', command: 'ls', printMode: false, force: false }).decision, 'ask');
    assert.equal(evaluateCursor(rs, { tool: 'Shell', command: 'rm x', printMode: false, force: false }).decision, 'deny');
  });

  it('a named global config joins the project file, and its deny wins over a project allow', () => {
    const g = { path: '/home/u/.cursor/cli-config.json', text: '{"version":1,"editor":{"vimMode":false},"permissions":{"allow":[],"deny":["Shell(git:push*)"]}}' };
    const rs = parseCursor({ path: `${ROOT}/.cursor/cli.json`, text: '{"permissions":{"allow":["Shell(git)"]}}' }, { globalConfig: g });
    const v = evaluateCursor(rs, { tool: 'Shell', command: 'git push origin main', printMode: false, force: false });
    assert.equal(v.decision, 'deny');
    assert.equal(rs.rules[v.rule!.index].file, g.path);
    assert.equal(evaluateCursor(rs, { tool: 'Shell', command: 'git status', printMode: false, force: false }).decision, 'allow');
  });
});
