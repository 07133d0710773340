// A rule made dead or overridden by another file or layer of the policy is reported on the checked
// file with related information pointing at the other file: the place that decides instead.
import { strict as assert } from 'assert';
import { checkRuleFile, type CheckHost } from '../../../shared/check/check-file';
import { initDialects } from '../../../shared/dialects';

function host(files: Record<string, string>): CheckHost {
  return {
    readFile: (p) => files[p],
    exists: (p) => p in files,
    list: (dir) => {
      const names = new Set(Object.keys(files).filter((p) => p.startsWith(`${dir}/`)).map((p) => p.slice(dir.length + 1).split('/')[0]));
      return names.size ? [...names].sort().map((name) => ({ name, kind: files[`${dir}/${name}`] !== undefined ? ('file' as const) : ('dir' as const) })) : undefined;
    },
  };
}

function related(path: string, files: Record<string, string>, code: string) {
  const rep = checkRuleFile(path, host(files), { ctx: { home: '/home/u', root: '/p' } });
  return rep.diagnostics.filter((f) => f.code === code).map((f) => ({ line: f.range.start.line, paths: (f.related ?? []).map((r) => r.path).filter((p) => p !== undefined) }));
}

describe('lints across the files of a policy', () => {
  before(() => initDialects());

  it('claude: a project allow a local deny covers is dead, and points at the local settings', () => {
    const files = { '/p/.claude/settings.json': '{"permissions": {\n  "allow": ["Bash(make:*)"]\n}}', '/p/.claude/settings.local.json': '{"permissions": {"deny": ["Bash(make *)"]}}' };
    assert.deepEqual(related('/p/.claude/settings.json', files, 'dead-rule'), [{ line: 1, paths: ['/p/.claude/settings.local.json'] }]);
  });

  it('codex: a.rules allows git push, b.rules forbids git: dead, pointing at b.rules', () => {
    const files = { '/p/.codex/rules/a.rules': 'prefix_rule(pattern=["git", "push"], decision="allow")\n', '/p/.codex/rules/b.rules': 'prefix_rule(pattern=["git"], decision="forbidden")\n' };
    assert.deepEqual(related('/p/.codex/rules/a.rules', files, 'dead-rule'), [{ line: 0, paths: ['/p/.codex/rules/b.rules'] }]);
  });

  it('gemini: a.toml allows npm publish (100), b.toml denies npm (300): dead, pointing at b.toml', () => {
    const files = {
      '/home/u/.gemini/policies/a.toml': '[[rule]]\ntoolName = "run_shell_command"\ncommandPrefix = "npm publish"\ndecision = "allow"\npriority = 100\n',
      '/home/u/.gemini/policies/b.toml': '[[rule]]\ntoolName = "run_shell_command"\ncommandPrefix = "npm"\ndecision = "deny"\npriority = 300\n',
    };
    assert.deepEqual(related('/home/u/.gemini/policies/a.toml', files, 'dead-rule').map((f) => f.paths), [['/home/u/.gemini/policies/b.toml']]);
  });

  it('opencode: a root rule a later .opencode rule always overrides points at the .opencode config', () => {
    const files = { '/p/opencode.json': '{"permission": {"bash": {"rm *": "allow"}}}', '/p/.opencode/opencode.json': '{"permission": {"bash": {"*": "deny"}}}' };
    const rep = checkRuleFile('/p/opencode.json', host(files), { ctx: { home: '/home/u', root: '/p', builtins: false } });
    const dead = rep.diagnostics.filter((f) => f.code === 'dead-rule' || f.code === 'overridden-deny' || f.code === 'shadowed-deny');
    assert.ok(dead.length >= 1, rep.diagnostics.map((f) => `${f.code}: ${f.message}`).join('\n'));
    assert.ok(dead.some((f) => (f.related ?? []).some((r) => r.path === '/p/.opencode/opencode.json')), JSON.stringify(dead.map((f) => f.related)));
  });
});
