// OpenCode merges the project's configs (opencode-ai 1.18.33, observed with `opencode debug
// agent`): each folder's opencode.json then opencode.jsonc from the repository root down, then each
// `.opencode/` folder from the project up; the later file wins a key, the earlier keeps its place.
// OPENCODE_CONFIG_CONTENT and OPENCODE_PERMISSION come last, and only when named.
import { strict as assert } from 'assert';
import { evaluateOpencode, opencodeMembers, opencodeOrder, parseOpencodePolicy } from '../../../shared/dialects/opencode';

function policyOf(files: Record<string, string>, checked: string, ctx = {}) {
  const dirs = new Set(Object.keys(files).map((p) => p.slice(0, p.lastIndexOf('/'))));
  const host = {
    readFile: (p: string) => files[p],
    list: (d: string) => {
      const names = Object.keys(files).filter((p) => p.startsWith(`${d}/`)).map((p) => p.slice(d.length + 1).split('/')[0]);
      return dirs.has(d) || names.length ? [...new Set(names)].sort().map((name) => ({ name, kind: 'file' as const })) : undefined;
    },
  };
  const file = { path: checked, text: files[checked] };
  const full = { home: '/home/u', builtins: false, ...ctx };
  return { rs: parseOpencodePolicy(file, opencodeMembers(file, host, full), full), host };
}
const bash = (command: string) => ({ action: 'bash', resources: [command] });

describe('opencode: the configs of a project are one policy', () => {
  it('root opencode.json allows bash *, .opencode/opencode.jsonc denies rm *: rm -rf x is denied', () => {
    const files = { '/p/opencode.json': '{"permission":{"bash":{"*":"allow"}}}', '/p/.opencode/opencode.jsonc': '{"permission":{"bash":{"rm *":"deny"}}}' };
    for (const checked of Object.keys(files)) {
      const { rs } = policyOf(files, checked);
      const v = evaluateOpencode(rs, bash('rm -rf x'));
      assert.equal(v.decision, 'deny', checked);
      const rule = rs.rules[v.rule!.index];
      if (checked === '/p/opencode.json') {
        assert.equal(rule.file, '/p/.opencode/opencode.jsonc');
        assert.equal(rule.layer, '.opencode/opencode.jsonc (.opencode folder)');
        assert.equal(rule.startLine, 0);
      }
    }
  });

  it('the later file wins a key and the earlier keeps its place', () => {
    const { rs } = policyOf({ '/p/opencode.json': '{"permission":{"bash":{"rm *":"deny","*":"allow"}}}', '/p/.opencode/opencode.json': '{"permission":{"bash":{"rm *":"allow"}}}' }, '/p/opencode.json');
    assert.deepEqual(rs.rules.map((r) => r.label.split(' — ')[0]), ['bash rm * allow', 'bash * allow']);
    assert.equal(evaluateOpencode(rs, bash('rm x')).decision, 'allow');
  });

  it('load order: folders from the repository root down, then .opencode folders from the project up', () => {
    const host = { readFile: () => undefined, list: (d: string) => (d === '/r' ? [{ name: '.git', kind: 'dir' as const }] : []) };
    assert.deepEqual(opencodeOrder('/r/sub/opencode.json', host), [
      '/r/opencode.json', '/r/opencode.jsonc', '/r/sub/opencode.json', '/r/sub/opencode.jsonc',
      '/r/sub/.opencode/opencode.json', '/r/sub/.opencode/opencode.jsonc', '/r/.opencode/opencode.json', '/r/.opencode/opencode.jsonc',
    ]);
    const alone = { readFile: () => undefined, list: () => [] };
    assert.deepEqual(opencodeOrder('/r/sub/opencode.json', alone), ['/r/sub/opencode.json', '/r/sub/opencode.jsonc', '/r/sub/.opencode/opencode.json', '/r/sub/.opencode/opencode.jsonc'], 'no repository: the project folder alone');
  });

  it('OPENCODE_CONFIG_CONTENT and OPENCODE_PERMISSION deny rm * only when named', () => {
    const files = { '/p/opencode.json': '{"permission":{"bash":{"*":"allow"}}}' };
    assert.equal(evaluateOpencode(policyOf(files, '/p/opencode.json').rs, bash('rm -rf x')).decision, 'allow');
    assert.equal(evaluateOpencode(policyOf(files, '/p/opencode.json', { opencodeEnv: { content: '{"permission":{"bash":{"rm *":"deny"}}}' } }).rs, bash('rm -rf x')).decision, 'deny');
    const perm = policyOf(files, '/p/opencode.json', { opencodeEnv: { permission: '{"bash":{"rm *":"deny"}}' } }).rs;
    const v = evaluateOpencode(perm, bash('rm -rf x'));
    assert.equal(v.decision, 'deny');
    assert.equal(perm.rules[v.rule!.index].layer, 'OPENCODE_PERMISSION');
    // CONTENT then PERMISSION: the permission variable wins.
    const both = policyOf(files, '/p/opencode.json', { opencodeEnv: { content: '{"permission":{"bash":{"k *":"deny"}}}', permission: '{"bash":{"k *":"allow"}}' } }).rs;
    assert.equal(evaluateOpencode(both, bash('k x')).decision, 'allow');
  });

  it('an OPENCODE_PERMISSION that is not an object adds nothing and says so (OpenCode spreads it key by key)', () => {
    const files = { '/p/opencode.json': '{"permission":{"bash":{"*":"ask"}}}' };
    for (const permission of ['"allow"', '["x"]', 'null', '{bad']) {
      const rs = policyOf(files, '/p/opencode.json', { opencodeEnv: { permission } }).rs;
      assert.equal(evaluateOpencode(rs, bash('ls')).decision, 'ask', permission);
      assert.ok(rs.findings.some((f) => f.severity === 'warning' && f.message.startsWith('OPENCODE_PERMISSION is not a JSON object')), permission);
    }
  });
});
