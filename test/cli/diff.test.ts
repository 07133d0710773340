import { strict as assert } from 'assert';
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { cli, OPENCODE_PAIR, scratchCopy } from './helpers';

function gitRepoWithExample(): string {
  const dir = scratchCopy(OPENCODE_PAIR);
  const git = (...args: string[]) => spawnSync('git', ['-c', 'user.email=t@example.com', '-c', 'user.name=t', ...args], { cwd: dir, encoding: 'utf8' });
  git('init', '-q');
  git('add', '.');
  git('commit', '-qm', 'base');
  return dir;
}

function appendEditAllow(dir: string): void {
  const file = path.join(dir, 'opencode.json');
  const cfg = JSON.parse(fs.readFileSync(file, 'utf8'));
  cfg.permissions.push({ action: 'edit', resource: '*', effect: 'allow' });
  fs.writeFileSync(file, JSON.stringify(cfg, null, 2));
}

describe('cli: diff against a git base', () => {
  it('appending edit * allow: B, C, D flip to allow; budget 0 exits 1', () => {
    const dir = gitRepoWithExample();
    appendEditAllow(dir);
    const r = cli(['diff', 'opencode.json', '--base', 'HEAD', '--max-newly-allowed', '0'], { cwd: dir });
    assert.equal(r.code, 1, r.stderr);
    for (const [name, from] of [['B: a protected path', 'deny'], ['C: a mixed operation', 'deny'], ['D: work outside the grant', 'ask']]) {
      assert.match(r.stdout, new RegExp(`${name}: ${from} → allow \\(rule \\d: .* → rule 4: edit \\* allow\\)`));
    }
    assert.match(r.stdout, /secrets\/test\.env: deny → allow/);
    // The analyser's own witness for the region, beyond the stored example.
    assert.match(r.stdout, /edit secrets\/\S+: deny → allow \(rule 3: edit secrets\/\* deny → rule 4: edit \* allow\) — also shown by stored request "B: a protected path"/);
    assert.match(r.stdout, /budget exceeded/);
    const j = JSON.parse(cli(['diff', 'opencode.json', '--base', 'HEAD', '--format', 'json'], { cwd: dir }).stdout);
    const names = j.flips.filter((f: { subject: string | null }) => f.subject === null).map((f: { request: string }) => f.request);
    assert.deepEqual(names.slice(0, 3), ['B: a protected path', 'C: a mixed operation', 'D: work outside the grant']);
    assert.equal(j.counts.loosened, 4);
    assert.equal(j.budgetExceeded, false);
  });
  it('no change: nothing flips, exit 0 under a zero budget', () => {
    const dir = gitRepoWithExample();
    const r = cli(['diff', 'opencode.json', '--base', 'HEAD', '--max-newly-allowed', '0', '--max-newly-denied', '0'], { cwd: dir });
    assert.equal(r.code, 0);
    assert.match(r.stdout, /0 decisions flip/);
  });
  it('tightening counts against --max-newly-denied, and newly allowed are listed first', () => {
    const dir = gitRepoWithExample();
    const file = path.join(dir, 'opencode.json');
    fs.writeFileSync(file, JSON.stringify({ permissions: [{ action: 'edit', resource: '*', effect: 'deny' }, { action: 'edit', resource: 'secrets/*', effect: 'allow' }] }));
    const r = cli(['diff', 'opencode.json', '--base', 'HEAD', '--max-newly-denied', '1', '--format', 'json'], { cwd: dir });
    assert.equal(r.code, 1);
    const j = JSON.parse(r.stdout);
    assert.equal(j.flips[0].direction, 'loosened');
    assert.ok(j.counts.tightened >= 2);
  });
  it('a FILE base works outside git', () => {
    const dir = scratchCopy(OPENCODE_PAIR);
    fs.copyFileSync(path.join(dir, 'opencode.json'), path.join(dir, 'base.json'));
    appendEditAllow(dir);
    const r = cli(['diff', path.join(dir, 'opencode.json'), '--base', path.join(dir, 'base.json'), '--format', 'json']);
    assert.equal(r.code, 0);
    assert.equal(JSON.parse(r.stdout).counts.loosened, 4);
  });
  it('a FILE base larger than the limit is refused, not read', () => {
    const dir = scratchCopy(OPENCODE_PAIR);
    const huge = path.join(dir, 'huge.json');
    fs.writeFileSync(huge, '');
    fs.truncateSync(huge, 65 * 1024 * 1024); // sparse: nothing is written
    const r = cli(['diff', path.join(dir, 'opencode.json'), '--base', huge]);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /--base .*huge\.json: .*limit/);
  });
  it('a bad base is a usage error', () => {
    const dir = gitRepoWithExample();
    const r = cli(['diff', 'opencode.json', '--base', 'no-such-rev'], { cwd: dir });
    assert.equal(r.code, 2);
    assert.match(r.stderr, /no such file or git revision/);
  });
});

describe('cli: diff of history rules re-judges the ledger', () => {
  it('removing the send rule flips the recorded refusal to allow; budget 0 exits 1', () => {
    const dir = fs.mkdtempSync(path.join(require('os').tmpdir(), 'rulelens-ledger-'));
    const git = (...args: string[]) => spawnSync('git', ['-c', 'user.email=t@example.com', '-c', 'user.name=t', ...args], { cwd: dir, encoding: 'utf8' });
    assert.equal(cli(['rules', 'set-profile', 'balanced'], { cwd: dir }).code, 0);
    const log = (args: string[]) => cli(['log', ...args], { cwd: dir });
    log(['--action', 'web.read', '--subject', 'docs.example', '--task', 'job-1', '--trust', 'untrusted', '--capability', 'read']);
    log(['--action', 'mail.send', '--subject', 'partner@example.com', '--task', 'job-1', '--capability', 'send']);
    log(['--action', 'file.read', '--subject', 'src/app.ts', '--task', 'job-2', '--trust', 'internal', '--capability', 'read']);
    log(['--action', 'mail.send', '--subject', 'partner@example.com', '--task', 'job-2', '--capability', 'send']);
    git('init', '-q');
    git('add', '.');
    git('commit', '-qm', 'base');
    const file = path.join(dir, '.attesso/rules.json');
    const rules = JSON.parse(fs.readFileSync(file, 'utf8'));
    rules.rules = rules.rules.filter((r: { id: string }) => r.id !== 'no-send-after-untrusted-read');
    fs.writeFileSync(file, JSON.stringify(rules, null, 2));
    const r = cli(['diff', '.attesso/rules.json', '--base', 'HEAD', '--max-newly-allowed', '0'], { cwd: dir });
    assert.equal(r.code, 1, r.stdout + r.stderr);
    assert.match(r.stdout, /4 recorded steps re-judged under both versions/);
    assert.match(r.stdout, /newly allowed \(recorded ledger steps\):\n {4}#2 mail\.send partner@example\.com: deny → allow \(rule 1: no-send-after-untrusted-read/);
    const j = JSON.parse(cli(['diff', '.attesso/rules.json', '--base', 'HEAD', '--format', 'json'], { cwd: dir }).stdout);
    assert.deepEqual(j.flips.filter((f: { kind: string }) => f.kind === 'ledger').map((f: { request: string }) => f.request), ['#2 mail.send partner@example.com']);
  });
});
