import { strict as assert } from 'assert';
import { parseOpencode } from '../../../shared/dialects/opencode';

const parse = (config: unknown) => parseOpencode({ path: 'opencode.json', text: JSON.stringify(config) }, { home: '/home/u', builtins: false });
const parseText = (text: string) => parseOpencode({ path: 'opencode.json', text }, { home: '/home/u', builtins: false });
const labels = (config: unknown) => parse(config).rules.map((r) => r.label);

describe('opencode: V1 flattening order', () => {
  it('a decision string is the single rule * * decision', () => {
    assert.deepEqual(labels({ permission: 'allow' }), ['* * allow']);
  });
  it('keys in order, each map in its own order', () => {
    assert.deepEqual(labels({ permission: { edit: 'ask', bash: { 'git *': 'allow', 'git push *': 'ask', '*': 'deny' }, read: 'allow' } }), [
      'edit * ask',
      'bash git * allow',
      'bash git push * ask',
      'bash * deny',
      'read * allow',
    ]);
  });
  it('array-index keys come first, ascending, as JSON.parse + Object.entries order them', () => {
    assert.deepEqual(labels({ permission: { bash: { '*': 'ask', '10': 'deny', '2': 'allow' } } }), ['bash 2 allow', 'bash 10 deny', 'bash * ask']);
  });
  it('a repeated key keeps its first position and its last value', () => {
    const rs = parseText('{"permission": {"edit": "deny", "bash": "ask", "edit": "allow"}}');
    assert.deepEqual(rs.rules.map((r) => r.label), ['edit * allow', 'bash * ask']);
    assert.ok(rs.findings.some((f) => f.code === 'duplicate-key'));
  });
  it('string-only keys reject a map with a schema error on the map', () => {
    const rs = parseText('{"permission": {"webfetch": {"*": "allow"}}}');
    const f = rs.findings.find((x) => x.code === 'schema');
    assert.ok(f);
    assert.match(f.message, /webfetch.*only a decision string/);
    assert.deepEqual(f.range.start, { line: 0, character: 28 });
    assert.equal(rs.rules.length, 0);
  });
  it('home expansion at the start of V1 patterns', () => {
    const rs = parse({ permission: { external_directory: { '~': 'allow', '~/x/*': 'deny', '$HOME/y': 'ask', 'a/~': 'ask' } } });
    assert.deepEqual(rs.rules.map((r) => r.resourcePattern.alts[0].map((a) => (a.t === 'lit' ? a.s : a.t === 'star' ? '*' : '?')).join('')), ['/home/u', '/home/u/x/*', '/home/u/y', 'a/~']);
    assert.deepEqual(rs.rules.map((r) => r.resource), ['~', '~/x/*', '$HOME/y', 'a/~']);
  });
  it('wrong decision values are schema errors naming the allowed values, with the value\'s range', () => {
    const rs = parseText('{"permission": {"edit": "prompt"}}');
    assert.equal(rs.findings[0].code, 'schema');
    assert.match(rs.findings[0].message, /"allow", "ask", "deny"/);
    assert.deepEqual(rs.findings[0].range, { start: { line: 0, character: 24 }, end: { line: 0, character: 32 } });
  });
});
