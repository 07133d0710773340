import { strict as assert } from 'assert';
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { ensureBuilt, ROOT } from './helpers';

const CLI = path.join(ROOT, 'bin/rulelens.js');

/** `rulelens ARGS` with its own cache folder. */
function run(cacheHome: string, args: string[], env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, [CLI, ...args], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, XDG_CACHE_HOME: cacheHome, ...env } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const cacheFiles = (home: string) => {
  const dir = path.join(home, 'rulelens', 'compile-cache');
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
};

describe('cli: the compiled-code cache', () => {
  let home: string;
  let example: string;
  before(() => {
    ensureBuilt();
    home = fs.mkdtempSync(path.join(os.tmpdir(), 'rulelens-cc-'));
    example = path.join(home, 'ex');
    fs.mkdirSync(example);
    fs.writeFileSync(path.join(example, 'opencode.json'), JSON.stringify({ permissions: [{ action: 'edit', resource: '*', effect: 'ask' }, { action: 'edit', resource: 'docs/*', effect: 'allow' }] }));
    fs.writeFileSync(path.join(example, 'opencode.requests.json'), JSON.stringify({ requests: [{ name: 'A', action: 'edit', resources: ['docs/a.md'], expect: 'allow' }] }));
  });
  after(() => fs.rmSync(home, { recursive: true, force: true }));

  it('is written by a first run into the user cache folder, private to the user, and read by the next with the same result', () => {
    const first = run(home, ['check', example]);
    assert.equal(first.code, 0, first.stderr);
    const files = cacheFiles(home);
    assert.equal(files.length, 1);
    assert.match(files[0], /^cli@.*\.bin$/);
    if (process.platform !== 'win32') assert.equal(fs.statSync(path.join(home, 'rulelens', 'compile-cache', files[0])).mode & 0o077, 0);
    const second = run(home, ['check', example]);
    assert.equal(second.code, 0, second.stderr);
    assert.equal(second.stdout, first.stdout);
  });

  it('is accepted as written by the next run', () => {
    // V8 rejects code cached under other flags, and a rejected cache is written again after the
    // run: a CLI that changed V8's flags while it ran would have every run reject and rewrite it.
    run(home, ['check', example]);
    const file = path.join(home, 'rulelens', 'compile-cache', cacheFiles(home).find((f) => f.startsWith('cli@'))!);
    const before = { bytes: fs.readFileSync(file), mtime: fs.statSync(file).mtimeMs };
    const again = run(home, ['check', example]);
    assert.equal(again.code, 0, again.stderr);
    assert.equal(fs.statSync(file).mtimeMs, before.mtime, 'the cache was written again: the run rejected it');
    assert.ok(fs.readFileSync(file).equals(before.bytes));
  });

  it('libraries loaded on first use run from the cache too, and the shell parser (which loads with import()) still works', () => {
    const claude = path.join(home, 'cl');
    fs.mkdirSync(path.join(claude, '.claude'), { recursive: true });
    fs.writeFileSync(path.join(claude, '.claude', 'settings.json'), JSON.stringify({ permissions: { allow: ['Bash(git status)'], deny: ['Bash(rm *)'] } }));
    fs.writeFileSync(path.join(claude, '.claude', 'settings.requests.json'), JSON.stringify({ requests: [{ name: 'B', tool: 'Bash', command: 'git status && rm -rf x', expect: 'deny' }] }));
    const runs = [run(home, ['check', claude]), run(home, ['check', claude])];
    for (const r of runs) {
      assert.equal(r.code, 0, r.stderr);
      assert.match(r.stdout, /1 passed, 0 failed/);
      assert.equal(r.stdout, runs[0].stdout);
    }
    // A YAML rule file loads the YAML library (and its analysis the automata) on first use.
    const omp = path.join(ROOT, 'examples', 'omp-yaml');
    const yaml = [run(home, ['check', omp]), run(home, ['check', omp])];
    for (const r of yaml) assert.equal(r.stdout, yaml[0].stdout, r.stderr);
    assert.ok(cacheFiles(home).some((f) => f.startsWith('lib-yaml@')), `the YAML library is cached: ${cacheFiles(home).join(', ')}`);
    assert.ok(cacheFiles(home).some((f) => f.startsWith('lib-refa@')), `the automata library is cached: ${cacheFiles(home).join(', ')}`);
  });

  it('a new build replaces the cache of the old one', () => {
    run(home, ['check', example]);
    const dir = path.join(home, 'rulelens', 'compile-cache');
    const stale = cacheFiles(home).find((f) => f.startsWith('cli@'))!.replace(/-\d+\.bin$/, '-1.bin');
    fs.writeFileSync(path.join(dir, stale), 'an older build');
    fs.rmSync(path.join(dir, cacheFiles(home).find((f) => f.startsWith('cli@') && f !== stale)!));
    run(home, ['check', example]);
    assert.deepEqual(cacheFiles(home).filter((f) => f.startsWith('cli@')).length, 1);
    assert.ok(!cacheFiles(home).includes(stale));
  });

  it('a damaged cache is ignored and replaced; the run is unchanged', () => {
    run(home, ['check', example]);
    const file = cacheFiles(home).find((f) => f.startsWith('cli@'))!;
    const at = path.join(home, 'rulelens', 'compile-cache', file);
    fs.writeFileSync(at, Buffer.from('not V8 code at all'));
    const r = run(home, ['check', example]);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /1 passed, 0 failed/);
    assert.ok(fs.statSync(at).size > 1000, 'rewritten with real code');
  });

  it('RULELENS_NO_COMPILE_CACHE=1 writes nothing; an unwritable cache folder is no error', () => {
    const off = fs.mkdtempSync(path.join(home, 'off-'));
    const r = run(off, ['check', example], { RULELENS_NO_COMPILE_CACHE: '1' });
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(cacheFiles(off), []);
    const blocked = path.join(home, 'blocked');
    fs.writeFileSync(blocked, 'a file where the cache folder would go');
    const b = run(blocked, ['check', example]);
    assert.equal(b.code, 0, b.stderr);
    assert.match(b.stdout, /1 passed, 0 failed/);
  });
});
