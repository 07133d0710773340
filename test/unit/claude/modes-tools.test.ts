import { strict as assert } from 'assert';
import { LEXICAL_FS } from '../../../shared/model';
import { evaluateClaude, initShellParser, parseClaude } from '../../../shared/dialects/claude';
import type { ClaudeRequest } from '../../../shared/dialects/claude';

const rs = parseClaude({
  path: '/proj/.claude/settings.json',
  text: JSON.stringify({
    permissions: {
      deny: ['WebFetch(domain:evil.com)', 'mcp__prod', 'Bash(rm *)', 'Task(deployer)', '*'.repeat(0) || 'Skill(nuke)'],
      ask: ['Bash(git push *)', 'mcp__gh__delete_repo'],
      allow: ['WebFetch(domain:*.example.com)', 'mcp__gh', 'Bash(ls *)', 'Task(reviewer)', 'mcp__*'],
      additionalDirectories: ['../shared-lib'],
    },
  }),
});
const ctx = { root: '/proj', home: '/home/u', fs: LEXICAL_FS };
const ev = (req: ClaudeRequest) => evaluateClaude(rs, req, ctx);

describe('claude: modes', () => {
  before(() => initShellParser());

  it('default asks when nothing matches; dontAsk denies, also where an ask rule matched', () => {
    assert.equal(ev({ tool: 'Bash', command: 'make' }).decision, 'ask');
    assert.equal(ev({ tool: 'Bash', command: 'make', mode: 'dontAsk' }).decision, 'deny');
    assert.equal(ev({ tool: 'Bash', command: 'git push', mode: 'dontAsk' }).decision, 'deny');
    assert.equal(ev({ tool: 'Bash', command: 'ls', mode: 'dontAsk' }).decision, 'allow');
  });

  it('bypassPermissions allows unmatched calls, but ask rules still ask, denies deny, fail-closed stays ask', () => {
    assert.equal(ev({ tool: 'Bash', command: 'make', mode: 'bypassPermissions' }).decision, 'allow');
    assert.equal(ev({ tool: 'Bash', command: 'git push origin', mode: 'bypassPermissions' }).decision, 'ask');
    assert.equal(ev({ tool: 'Bash', command: 'rm x', mode: 'bypassPermissions' }).decision, 'deny');
    assert.equal(ev({ tool: 'Bash', command: 'make &&', mode: 'bypassPermissions' }).decision, 'ask');
  });

  it('acceptEdits allows edits inside the working folders only', () => {
    assert.equal(ev({ tool: 'Edit', path: 'src/a.ts', mode: 'acceptEdits' }).decision, 'allow');
    assert.equal(ev({ tool: 'Write', path: '../shared-lib/x.ts', mode: 'acceptEdits' }).decision, 'allow');
    assert.equal(ev({ tool: 'Edit', path: '../other/x.ts', mode: 'acceptEdits' }).decision, 'ask');
    assert.equal(ev({ tool: 'Bash', command: 'make', mode: 'acceptEdits' }).decision, 'ask');
    assert.equal(ev({ tool: 'Edit', path: 'src/a.ts' }).decision, 'ask');
  });

  it('the settings defaultMode applies unless the request names a mode; manual ≡ default', () => {
    const r2 = parseClaude({ path: '/proj/.claude/settings.json', text: '{"permissions":{"defaultMode":"dontAsk"}}' });
    assert.equal(evaluateClaude(r2, { tool: 'Bash', command: 'make' }, ctx).decision, 'deny');
    assert.equal(evaluateClaude(r2, { tool: 'Bash', command: 'make', mode: 'default' }, ctx).details.mode, 'default');
  });
});

describe('claude: WebFetch, MCP, other tools', () => {
  it('domains: case-insensitive, trailing dot, subdomains at any depth but not the apex', () => {
    assert.equal(ev({ tool: 'WebFetch', url: 'https://EVIL.com./x' }).decision, 'deny');
    assert.equal(ev({ tool: 'WebFetch', url: 'https://a.b.example.com/x' }).decision, 'allow');
    assert.equal(ev({ tool: 'WebFetch', url: 'https://example.com/' }).decision, 'ask');
    assert.equal(ev({ tool: 'WebFetch', url: 'https://example.com@evil.com/' }).decision, 'deny');
    assert.equal(ev({ tool: 'WebFetch', url: 'docs.example.com/page' }).decision, 'allow');
    assert.equal(ev({ tool: 'WebFetch', url: 'https://' }).decision, 'ask');
  });

  it('MCP: mcp__srv ≡ mcp__srv__*, exact tools, and an allow tool glob approves nothing', () => {
    assert.equal(ev({ tool: 'mcp__gh__list_issues' }).decision, 'allow');
    assert.equal(ev({ tool: 'mcp__gh__delete_repo' }).decision, 'ask');
    assert.equal(ev({ tool: 'mcp__prod__query' }).decision, 'deny');
    assert.equal(ev({ tool: 'mcp__other__x' }).decision, 'ask');
  });

  it('specifiers on other tools match the input subject', () => {
    assert.equal(ev({ tool: 'Task', input: { subagent_type: 'reviewer' } }).decision, 'allow');
    assert.equal(ev({ tool: 'Task', input: { subagent_type: 'deployer' } }).decision, 'deny');
    assert.equal(ev({ tool: 'Skill' }).decision, 'deny', 'no subject: a deny with a specifier still counts');
    assert.equal(ev({ tool: 'Bash', input: { command: 'ls -la' } }).decision, 'allow');
  });

  it('a request without its subject is at most ask', () => {
    const v = ev({ tool: 'Bash' });
    assert.equal(v.decision, 'ask');
    assert.ok(v.trace.notes.some((n) => n.includes('no command')));
  });

  it('verdicts carry pinnable details and a trace section per sub-command', () => {
    const v = ev({ tool: 'Bash', command: 'ls && git push origin' });
    // Four subjects: the two sub-commands, and the folder `ls` lists (`.`) and what is in it: paths the agent checks.
    assert.deepEqual({ ...v.details }, { tier: 'ask', mode: 'default', layer: 'project', failClosed: false, subjects: 4 });
    assert.equal(v.rule!.label, 'Bash(git push *) ask');
    assert.equal(v.trace.sections.length, 4);
    assert.equal(v.trace.sections[1].controlling, v.rule!.index);
    assert.equal(v.trace.sections[0].rows.length, rs.rules.length);
  });
});
