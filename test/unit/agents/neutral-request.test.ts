// A neutral request becomes each agent's own call and that agent's real evaluator decides it: the
// mapping is right only if a rule written for the call it should become really decides it.
import { strict as assert } from 'assert';
import { dialectById, initDialects } from '../../../shared/dialects';
import type { AnyDialect } from '../../../shared/dialects/dialect';
import { readNeutralRequest, type NeutralRequest } from '../../../shared/requests/neutral';

function agent(id: string): AnyDialect {
  const d = dialectById(id);
  assert.ok(d?.neutralRequest, `${id} maps neutral requests`);
  return d;
}

/** The agent's decision for a neutral request against a rule file's text. */
function decide(id: string, path: string, text: string, n: NeutralRequest): string {
  const d = agent(id);
  const mapped = d.neutralRequest!(n);
  assert.ok('request' in mapped, `${id} maps ${n.kind}: ${'unsupported' in mapped ? mapped.unsupported : ''}`);
  const rs = d.parse({ path, text });
  assert.deepEqual(rs.findings.filter((f) => f.severity === 'error'), [], 'the fixture parses');
  return d.evaluate(rs, mapped.request, {}).decision;
}

const shell = (command: string): NeutralRequest => ({ kind: 'shell', command });

describe('neutral request: read from JSON', () => {
  it('reads every subject and refuses two at once, unknown fields, empty text', () => {
    assert.deepEqual(readNeutralRequest({ shell: 'git push' }).request, { kind: 'shell', command: 'git push' });
    assert.deepEqual(readNeutralRequest({ path: '.env' }).request, { kind: 'read', path: '.env' });
    assert.deepEqual(readNeutralRequest({ path: 'a.ts', access: 'write' }).request, { kind: 'write', path: 'a.ts' });
    assert.deepEqual(readNeutralRequest({ url: 'https://x.test/' }).request, { kind: 'fetch', url: 'https://x.test/' });
    assert.deepEqual(readNeutralRequest({ mcp: { server: 'gh', tool: 'create_issue' } }).request, { kind: 'mcp', server: 'gh', tool: 'create_issue' });
    assert.match(readNeutralRequest({ shell: 'a', read: 'b' }).error ?? '', /only one of/);
    assert.match(readNeutralRequest({ command: 'ls' }).error ?? '', /unknown field "command"/);
    assert.match(readNeutralRequest({ shell: '' }).error ?? '', /non-empty/);
    assert.match(readNeutralRequest({ read: 'x', access: 'write' }).error ?? '', /"access" goes with "path"/);
    assert.match(readNeutralRequest([]).error ?? '', /JSON object/);
  });
});

describe('neutral request: each agent decides it with its own evaluator', () => {
  before(() => initDialects());

  it('Claude Code: Bash, Read, Write (under Edit rules), WebFetch, MCP tools', () => {
    const text = JSON.stringify({ permissions: { deny: ['Read(./.env)', 'Bash(git push:*)', 'Edit(secrets/**)', 'WebFetch(domain:evil.test)', 'mcp__gh__delete_repo'], allow: ['Bash(git status)'] } });
    const p = '/p/.claude/settings.json';
    assert.equal(decide('claude', p, text, shell('git push origin main')), 'deny');
    assert.equal(decide('claude', p, text, shell('git status')), 'allow');
    assert.equal(decide('claude', p, text, { kind: 'read', path: '.env' }), 'deny');
    assert.equal(decide('claude', p, text, { kind: 'write', path: 'secrets/key' }), 'deny');
    assert.equal(decide('claude', p, text, { kind: 'fetch', url: 'https://evil.test/x' }), 'deny');
    assert.equal(decide('claude', p, text, { kind: 'mcp', server: 'gh', tool: 'delete_repo' }), 'deny');
    assert.equal(decide('claude', p, text, { kind: 'mcp', server: 'gh', tool: 'list' }), 'ask');
  });

  it('OpenCode: bash, read, edit and webfetch resources', () => {
    const text = JSON.stringify({ permission: { bash: { '*': 'ask', 'git status': 'allow', 'git push *': 'deny' }, read: { '*': 'allow', '.env': 'deny' }, edit: { 'secrets/*': 'deny' }, webfetch: 'deny' } });
    const p = '/p/opencode.json';
    assert.equal(decide('opencode', p, text, shell('git push origin')), 'deny');
    assert.equal(decide('opencode', p, text, shell('git status')), 'allow');
    assert.equal(decide('opencode', p, text, { kind: 'read', path: '.env' }), 'deny');
    assert.equal(decide('opencode', p, text, { kind: 'read', path: 'README.md' }), 'allow');
    assert.equal(decide('opencode', p, text, { kind: 'write', path: 'secrets/a' }), 'deny');
    assert.equal(decide('opencode', p, text, { kind: 'fetch', url: 'https://x.test/' }), 'deny');
    assert.ok('unsupported' in agent('opencode').neutralRequest!({ kind: 'mcp', server: 'gh', tool: 't' }));
  });

  it('Codex: the command as bash -lc runs it, split into its commands; files and URLs are not its rules\'', () => {
    const text = 'prefix_rule(pattern=["git", "push"], decision="forbidden")\nprefix_rule(pattern=["cat"], decision="allow")\n';
    const p = '/p/.codex/rules/default.rules';
    assert.equal(decide('codex', p, text, shell('git push origin main')), 'deny');
    assert.equal(decide('codex', p, text, shell('cat .env')), 'allow');
    assert.equal(decide('codex', p, text, shell('cat a && git push')), 'deny');
    for (const n of [{ kind: 'read', path: '.env' }, { kind: 'write', path: 'a' }, { kind: 'fetch', url: 'https://x.test' }, { kind: 'mcp', server: 's', tool: 't' }] as NeutralRequest[]) {
      const m = agent('codex').neutralRequest!(n);
      assert.ok('unsupported' in m && /commands only/.test(m.unsupported), n.kind);
    }
  });

  it('Gemini CLI: run_shell_command, read_file / write_file by file_path, web_fetch, mcp_<server>_<tool>', () => {
    const rule = (tool: string, decision: string, extra = '') => `[[rule]]\ntoolName = "${tool}"\ndecision = "${decision}"\npriority = 100\n${extra}\n`;
    const text = [rule('run_shell_command', 'allow', 'commandPrefix = "git"'), rule('read_file', 'deny', 'argsPattern = "\\\\.env"'), rule('write_file', 'deny'), rule('web_fetch', 'deny'), rule('mcp_gh_delete', 'deny')].join('\n');
    const p = '/p/.gemini/policies/p.toml';
    assert.equal(decide('gemini', p, text, shell('git push origin')), 'allow');
    assert.equal(decide('gemini', p, text, { kind: 'read', path: '.env' }), 'deny');
    assert.equal(decide('gemini', p, text, { kind: 'write', path: 'a.ts' }), 'deny');
    assert.equal(decide('gemini', p, text, { kind: 'fetch', url: 'https://x.test' }), 'deny');
    assert.equal(decide('gemini', p, text, { kind: 'mcp', server: 'gh', tool: 'delete' }), 'deny');
  });

  it('oh-my-pi: bash patterns for commands, the read and write tools by tier and mode', () => {
    const text = 'tools:\n  approvalMode: write\nbash:\n  patterns:\n    - match: "git push *"\n      approval: deny\n    - match: "git status"\n      approval: allow\n';
    const p = '/p/.omp/config.yml';
    assert.equal(decide('omp', p, text, shell('git push origin')), 'deny');
    assert.equal(decide('omp', p, text, shell('git status')), 'allow');
    assert.equal(decide('omp', p, text, { kind: 'read', path: '.env' }), 'allow');
    assert.equal(decide('omp', p, text.replace('approvalMode: write', 'approvalMode: always-ask'), { kind: 'write', path: 'a' }), 'ask');
    assert.ok('unsupported' in agent('omp').neutralRequest!({ kind: 'fetch', url: 'https://x.test' }));
  });
});
