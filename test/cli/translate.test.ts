import { strict as assert } from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { cli } from './helpers';

function ruleFile(permissions: unknown[]): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rulelens-tr-'));
  const f = path.join(dir, 'opencode.json');
  fs.writeFileSync(f, JSON.stringify({ permissions }));
  return f;
}

describe('cli: translate --to claude', () => {
  it('bash rules with a tiered equivalent are proved equivalent (exit 0)', () => {
    const f = ruleFile([
      { action: 'bash', resource: '*', effect: 'ask' },
      { action: 'bash', resource: 'git *', effect: 'allow' },
      { action: 'bash', resource: 'rm *', effect: 'deny' },
    ]);
    const r = cli(['translate', f, '--to', 'claude', '--format', 'json']);
    assert.equal(r.code, 0, r.stdout + r.stderr);
    const j = JSON.parse(r.stdout);
    assert.deepEqual(j.settings.permissions, { deny: ['Bash(rm *)'], ask: [], allow: ['Bash(git *)'] });
    assert.equal(j.equivalent, true);
  });
  it('a narrow allow carving an exception out of a broad deny has no tiered equivalent: witnesses listed, exit 1', () => {
    const f = ruleFile([
      { action: 'bash', resource: 'git *', effect: 'deny' },
      { action: 'bash', resource: 'git status', effect: 'allow' },
    ]);
    const r = cli(['translate', f, '--to', 'claude']);
    assert.equal(r.code, 1);
    assert.match(r.stderr, /not equivalent/);
    assert.match(r.stderr, /bash "git status": allow under OpenCode \(rule 2\) → deny under Claude Code \(Bash\(git \*\)\)/);
    assert.doesNotThrow(() => JSON.parse(r.stdout), 'stdout holds only the settings');
  });
  it('path rules are never claimed equivalent', () => {
    const f = ruleFile([{ action: 'edit', resource: 'secrets/*', effect: 'deny' }]);
    const r = cli(['translate', f, '--to', 'claude', '--format', 'json']);
    assert.equal(r.code, 1);
    assert.equal(JSON.parse(r.stdout).needsReview, 1);
  });
  it('usage errors', () => {
    assert.equal(cli(['translate', 'x.json', '--to', 'cursor']).code, 2);
  });
  it('text output: stdout is exactly the settings JSON, the report goes to stderr', () => {
    const f = ruleFile([{ action: 'edit', resource: '*', effect: 'allow' }, { action: 'edit', resource: '.env', effect: 'deny' }]);
    const r = cli(['translate', f, '--to', 'claude']);
    assert.deepEqual(JSON.parse(r.stdout), { permissions: { deny: ['Edit(/.env)'], ask: [], allow: ['Edit'] } });
    assert.match(r.stderr, /note: Edit\(\/\.env\): anchored at the project root/);
  });
  it('OpenCode\'s .env is the root file only: the translation anchors it, and a flip is named with a witness', () => {
    const f = ruleFile([{ action: 'edit', resource: '*', effect: 'allow' }, { action: 'edit', resource: '*.env', effect: 'deny' }, { action: 'edit', resource: 'docs/*', effect: 'allow' }]);
    const r = cli(['translate', f, '--to', 'claude', '--format', 'json']);
    assert.equal(r.code, 1);
    const j = JSON.parse(r.stdout);
    assert.equal(j.equivalent, false);
    // docs/x.env: the later docs/* allow wins in OpenCode; Claude Code's deny tier wins.
    assert.ok(j.differences.some((d: { witness: string; lastMatch: string; tiered: string }) => /^docs\//.test(d.witness) && d.lastMatch === 'allow' && d.tiered === 'deny'), JSON.stringify(j.differences));
  });
});
