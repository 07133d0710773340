import { strict as assert } from 'assert';
import { LEXICAL_FS } from '../../../shared/model';
import { evaluateClaude, initShellParser, lintClaude, parseClaude, parseLayers } from '../../../shared/dialects/claude';

const CTX = { root: '/p', home: '/home/u', fs: LEXICAL_FS };

describe('claude: settings files as the agent reads them', () => {
  before(() => initShellParser());

  it('a trailing comma: the agent skips the whole file — an error on the comma, no rules in force', () => {
    const text = '{"permissions": {"allow": ["Bash(touch:*)",]}}';
    const rs = parseClaude({ path: '/p/.claude/settings.json', text }, CTX);
    assert.equal(rs.rules.length, 0);
    const err = rs.findings.find((f) => f.severity === 'error' && /Claude Code ignores this file/.test(f.message));
    assert.ok(err, JSON.stringify(rs.findings));
    assert.equal(err.range.start.character, text.indexOf(',]') + 1);
    assert.equal(evaluateClaude(rs, { tool: 'Bash', command: 'touch x' }, CTX).decision, 'ask');
  });

  it('comments: the agent uses strict JSON, so the file is skipped', () => {
    const rs = parseClaude({ path: '/p/.claude/settings.json', text: '// mine\n{"permissions": {"allow": ["Bash(touch:*)"]}}' }, CTX);
    assert.equal(rs.rules.length, 0);
    assert.ok(rs.findings.some((f) => /ignores this file/.test(f.message)));
  });

  it('a BOM is fine', () => {
    const rs = parseClaude({ path: '/p/.claude/settings.json', text: '\uFEFF{"permissions": {"allow": ["Bash(touch:*)"]}}' }, CTX);
    assert.equal(rs.rules.length, 1);
  });

  it('bypassPermissions from project or local settings is ignored, with a warning on the value', () => {
    for (const name of ['settings.json', 'settings.local.json']) {
      const rs = parseClaude({ path: `/p/.claude/${name}`, text: '{"permissions": {"defaultMode": "bypassPermissions"}}' }, CTX);
      assert.equal(rs.mode, 'default');
      // One warning on the value: the parser's for the local file, the lint's (with its quick fix) for the shared one.
      const said = [...rs.findings, ...lintClaude(rs, CTX)].filter((f) => f.severity === 'warning' && /ignores (?:it here|"bypassPermissions")/.test(f.message));
      assert.equal(said.length, 1, name);
      assert.equal(evaluateClaude(rs, { tool: 'Bash', command: 'curl x' }, CTX).decision, 'ask');
    }
  });

  it('bypassPermissions from user settings applies, unless a layer disables it', () => {
    const user = { path: '/home/u/.claude/settings.json', text: '{"permissions": {"defaultMode": "bypassPermissions"}}' };
    const project = { path: '/p/.claude/settings.json', text: '{"permissions": {"deny": ["Bash(rm:*)"]}}' };
    assert.equal(parseLayers([project, user], CTX).mode, 'bypassPermissions');
    const managed = { path: '/etc/claude-code/managed-settings.json', text: '{"permissions": {"disableBypassPermissionsMode": "disable"}}' };
    assert.equal(parseLayers([project, user, managed], CTX).mode, 'default');
  });

  it('allowManagedPermissionRulesOnly keeps only the managed rules in force', () => {
    const project = { path: '/p/.claude/settings.json', text: '{"permissions": {"allow": ["Bash(curl:*)"]}}' };
    const managed = { path: '/etc/claude-code/managed-settings.json', text: '{"allowManagedPermissionRulesOnly": true, "permissions": {"deny": ["Bash(rm:*)"]}}' };
    const rs = parseLayers([project, managed], CTX);
    assert.deepEqual(rs.rules.map((r) => `${r.text} ${r.scope}`), ['Bash(rm:*) managed']);
    assert.equal(evaluateClaude(rs, { tool: 'Bash', command: 'curl x' }, CTX).decision, 'ask');
    // In a project file the key means nothing.
    const own = parseLayers([{ path: '/p/.claude/settings.json', text: '{"allowManagedPermissionRulesOnly": true, "permissions": {"allow": ["Bash(curl:*)"]}}' }], CTX);
    assert.equal(own.rules.length, 1);
  });

  it('each rule names its layer in the trace and the verdict; the built-in layer is named too', () => {
    const project = { path: '/p/.claude/settings.json', text: '{"permissions": {"deny": ["Bash(rm:*)"]}}' };
    const local = { path: '/p/.claude/settings.local.json', text: '{"permissions": {"allow": ["Bash(touch:*)"]}}' };
    const rs = parseLayers([project, local], CTX);
    const deny = evaluateClaude(rs, { tool: 'Bash', command: 'rm x' }, CTX);
    assert.equal(deny.details.layer, 'project');
    assert.match(deny.trace.sections[0].branch, /\(project settings\)/);
    const allow = evaluateClaude(rs, { tool: 'Bash', command: 'touch x' }, CTX);
    assert.equal(allow.details.layer, 'local');
    const ls = evaluateClaude(rs, { tool: 'Bash', command: 'ls -la' }, CTX);
    assert.equal(ls.details.layer, 'built-in read-only');
    assert.match(ls.trace.sections[0].branch, /^built-in read-only layer/);
    const refused = evaluateClaude(rs, { tool: 'Bash', command: 'ls\x0b' }, CTX);
    assert.equal(refused.decision, 'deny');
    assert.equal(refused.details.layer, 'refused by the agent');
  });
});
