import { strict as assert } from 'assert';
import { detectDialect } from '../../../shared/dialects';
import { evaluateQwen, lintQwen, parseQwenPolicy } from '../../../shared/dialects/qwen';

const ROOT = '/p';
const parse = (permissions: Record<string, string[]>, extra: Record<string, unknown> = {}) => parseQwenPolicy({ path: `${ROOT}/.qwen/settings.json`, text: JSON.stringify({ permissions, ...extra }) }, [], { home: '/h' });
const decide = (permissions: Record<string, string[]>, req: Record<string, unknown>) => evaluateQwen(parse(permissions), { tool: 'run_shell_command', mode: 'default', ...req } as never, { home: '/h', root: ROOT }).decision;

/**
 * Cases run through Qwen Code 0.24.4's own PermissionManager and the shell tool's default
 * (`evaluatePermissionRules`), ids as in the research table (Q01–Q35); the e2e ones through the CLI.
 */
describe('qwen: conformance with Qwen Code 0.24.4', () => {
  const cases: Array<[string, Record<string, string[]>, Record<string, unknown>, string]> = [
    ['Q01', { allow: ['Bash(git *)'] }, { command: 'git commit -m x' }, 'allow'],
    ['Q02', { allow: ['Bash(git *)'] }, { command: 'gitk' }, 'ask'],
    ['Q03', { allow: ['Bash(git:*)'] }, { command: 'git' }, 'allow'],
    ['Q04', { allow: ['Bash(npm test)'] }, { command: 'npm test --watch' }, 'allow'],
    ['Q05', { allow: ['Bash(npm test)'] }, { command: 'npm testx' }, 'ask'],
    ['Q06', { allow: ['Bash(git *)'] }, { command: 'git status && rm -rf x' }, 'ask'],
    ['Q07', { allow: ['Bash(git *)', 'Bash(rm *)'] }, { command: 'git status && rm -rf x' }, 'allow'],
    ['Q08', { deny: ['Bash(rm *)'], allow: ['Bash'] }, { command: 'echo hi; rm -rf x' }, 'deny'],
    ['Q09', { allow: ['Bash(echo *)'] }, { command: 'echo $(rm -rf x)' }, 'allow'],
    ['Q11', { deny: ['Read(.env)'] }, { tool: 'read_file', path: '/p/sub/.env' }, 'allow'],
    ['Q12', { deny: ['Read(**/.env)'] }, { tool: 'read_file', path: '/p/sub/.env' }, 'deny'],
    ['Q13', { deny: ['Read(/secrets/**)'] }, { tool: 'grep_search', path: '/p/secrets/a' }, 'deny'],
    ['Q14', { deny: ['Edit(/src/**)'] }, { tool: 'write_file', path: '/p/src/a.ts' }, 'deny'],
    ['Q16', { deny: ['WebFetch(example.com)'] }, { tool: 'web_fetch', url: 'https://api.example.com/' }, 'deny'],
    ['Q18', { deny: ['Bash(rm *)'] }, { command: 'FOO=1 rm -rf x' }, 'deny'],
    ['Q20', { deny: ['mcp__github'] }, { tool: 'mcp__github__create_issue' }, 'deny'],
    ['Q21', { allow: ['mcp__github__*'] }, { tool: 'mcp__github__create_issue' }, 'allow'],
    ['Q22', { ask: ['Bash(git push *)'], allow: ['Bash(git *)'] }, { command: 'git push origin' }, 'ask'],
    ['Q25', { deny: ['Read'] }, { tool: 'list_directory', path: '/p' }, 'deny'],
    ['Q26', { allow: ['ShellTool(git status)'] }, { command: 'git status' }, 'allow'],
    ['Q27', { deny: ['bash(rm *)'] }, { command: 'rm -rf x' }, 'ask'],
    ['Q28', { allow: ['Bash(git *'] }, { command: 'git commit' }, 'ask'],
    ['Q32', { deny: ['Bash(rm *)'] }, { command: 'bash -c "rm -rf x"' }, 'ask'],
    ['Q33', { allow: ['Bash(git *)'] }, { command: 'git log\nrm -rf x' }, 'ask'],
    ['Q34', { allow: ['Edit'] }, { tool: 'notebook_edit', path: '/p/a.ipynb' }, 'allow'],
    ['Q35', { allow: ['Skill(pdf)'] }, { tool: 'skill', params: { skill: 'pdf' } }, 'allow'],
    ['E05', {}, { tool: 'write_file', path: '/p/new.txt' }, 'ask'],
    ['E06', {}, { tool: 'write_file', path: '/p/new.txt', mode: 'auto-edit' }, 'allow'],
    ['E07', {}, { command: 'touch x', mode: 'auto-edit' }, 'ask'],
    ['E04', { deny: ['Bash(rm *)'] }, { command: 'rm -f nothing', mode: 'yolo' }, 'deny'],
  ];
  for (const [id, perms, req, want] of cases) it(`${id}: ${JSON.stringify(perms)} · ${JSON.stringify(req)} → ${want}`, () => assert.equal(decide(perms, req), want));

  it('RuleLens never allows what a Read/Edit deny may cover through the shell (cat .env): at most ask', () => {
    const d = decide({ deny: ['Read(.env)'], allow: ['Bash'] }, { command: 'cat .env' });
    assert.notEqual(d, 'allow');
  });

  it('an untrusted folder ignores the workspace file; a named user file still applies', () => {
    const rs = parseQwenPolicy({ path: '/p/.qwen/settings.json', text: '{"permissions":{"allow":["Bash(make)"]}}' }, [], { home: '/h', userSettings: { path: '/h/.qwen/settings.json', text: '{"permissions":{"deny":["Bash(rm *)"]}}' } });
    assert.equal(evaluateQwen(rs, { tool: 'Bash', command: 'make', mode: 'default', trusted: false }, { root: '/p' }).decision, 'ask');
    assert.equal(evaluateQwen(rs, { tool: 'Bash', command: 'make', mode: 'default' }, { root: '/p' }).decision, 'allow');
    assert.equal(evaluateQwen(rs, { tool: 'Bash', command: 'rm x', mode: 'default', trusted: false }, { root: '/p' }).decision, 'deny');
  });

  it('legacy tools.allowed and tools.exclude join allow and deny', () => {
    const rs = parseQwenPolicy({ path: '/p/.qwen/settings.json', text: '{"tools":{"allowed":["run_shell_command(touch)"],"exclude":["Bash(rm *)"]}}' }, [], {});
    assert.equal(evaluateQwen(rs, { tool: 'Bash', command: 'touch z', mode: 'default' }, { root: '/p' }).decision, 'allow');
    assert.equal(evaluateQwen(rs, { tool: 'Bash', command: 'rm z', mode: 'default' }, { root: '/p' }).decision, 'deny');
    assert.ok(lintQwen(rs).some((f) => f.code === 'qwen-deprecated-key'));
  });

  it('a trailing comma makes Qwen reset the workspace file: no rule applies', () => {
    const rs = parseQwenPolicy({ path: '/p/.qwen/settings.json', text: '{"permissions":{"deny":["Bash(rm *)"],}}' }, [], {});
    assert.ok(rs.findings.some((f) => f.code === 'qwen-invalid-json'));
    assert.equal(evaluateQwen(rs, { tool: 'Bash', command: 'rm x', mode: 'default' }, { root: '/p' }).decision, 'ask');
  });
});

describe('qwen: files and lints', () => {
  it('.qwen/settings.json is Qwen Code, not Claude Code, even when its rules look like Claude rules', () => {
    assert.equal(detectDialect({ path: 'r/.qwen/settings.json', text: '{"permissions":{"allow":["Bash(git *)"]}}' })?.id, 'qwen');
    assert.equal(detectDialect({ path: 'r/conf/settings.json', text: '{"$version": 4, "permissions":{"allow":["Bash(git *)"]}}' })?.id, 'qwen');
    assert.equal(detectDialect({ path: 'r/conf/settings.json', text: '{"permissions":{"allow":["Bash(git *)"]}}' })?.id, 'claude');
  });

  it('reports the substitution hole, never-matching names, bare paths and a loosening workspace', () => {
    const rs = parse({ allow: ['Bash(echo *)'], deny: ['bash(rm *)', 'Read(.env)', 'mcp__github(x)'] }, { tools: { approvalMode: 'yolo' } });
    const codes = lintQwen(rs).map((f) => f.code).sort();
    assert.deepEqual(codes, ['qwen-allow-runs-substitution', 'qwen-bare-path', 'qwen-unknown-tool', 'qwen-unknown-tool', 'qwen-workspace-loosens']);
    assert.equal(lintQwen(rs).find((f) => f.code === 'qwen-allow-runs-substitution')?.severity, 'error');
  });
});
