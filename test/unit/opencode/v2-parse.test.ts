import { strict as assert } from 'assert';
import { parseOpencode } from '../../../shared/dialects/opencode';

const parseText = (text: string) => parseOpencode({ path: 'opencode.json', text }, { home: '/home/u', builtins: false });

describe('opencode: V2 permissions and agents', () => {
  it('reads rules in array order with ranges', () => {
    const rs = parseText('{"permissions": [\n {"action": "edit", "resource": "*", "effect": "ask"},\n {"action": "edit", "resource": "docs/*", "effect": "allow"}\n]}');
    assert.deepEqual(rs.rules.map((r) => r.label), ['edit * ask', 'edit docs/* allow']);
    assert.equal(rs.rules[1].range.start.line, 2);
    assert.equal(rs.findings.length, 0);
  });
  it('every field is a required string; unknown fields are errors', () => {
    const rs = parseText('{"permissions": [{"action": "edit", "effect": "ask"}, {"action": 1, "resource": "x", "effect": "ask"}, {"action": "a", "resource": "x", "effect": "ask", "why": 1}, "edit"]}');
    const msgs = rs.findings.map((f) => f.message);
    assert.ok(msgs.some((m) => /missing required field "resource"/.test(m)));
    assert.ok(msgs.some((m) => /"action" must be a string, found a number/.test(m)));
    assert.ok(msgs.some((m) => /unknown field "why"/.test(m)));
    assert.ok(msgs.some((m) => /must be an object/.test(m)));
    assert.equal(rs.rules.length, 0);
  });
  it('home expansion in V2 only for read, edit, external_directory', () => {
    const rs = parseText('{"permissions": [{"action": "read", "resource": "~/a", "effect": "deny"}, {"action": "bash", "resource": "~/a", "effect": "deny"}]}');
    const lit = (i: number) => (rs.rules[i].resourcePattern.alts[0][0] as { s: string }).s;
    assert.equal(lit(0), '/home/u/a');
    assert.equal(lit(1), '~/a');
  });
  it('per-agent sections (V1 agent.<name>.permission, V2 agents.<id>.permissions) follow the top level', () => {
    const rs = parseText(JSON.stringify({
      permission: { edit: 'ask' },
      agent: { plan: { permission: { edit: 'deny' } } },
      agents: { build: { permissions: [{ action: 'edit', resource: 'src/*', effect: 'allow' }] } },
    }));
    assert.deepEqual(rs.rules.map((r) => [r.label, r.agent]), [['edit * ask', null], ['edit * deny', 'plan'], ['edit src/* allow', 'build']]);
    assert.deepEqual(rs.agents, ['plan', 'build']);
  });
  it('invalid JSON gives a schema error with its position and no crash', () => {
    const rs = parseText('{"permissions": [ {"action": "edit",, } ]');
    assert.ok(rs.findings.length > 0);
    assert.ok(rs.findings.every((f) => f.code === 'schema' && f.severity === 'error'));
    assert.equal(rs.findings[0].range.start.line, 0);
  });
  it('a non-object root is a schema error', () => {
    assert.match(parseText('[1,2]').findings[0].message, /must be a JSON object/);
  });
});
