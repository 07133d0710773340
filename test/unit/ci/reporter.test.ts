import * as assert from 'assert';
import { spawnSync } from 'child_process';
import * as path from 'path';

const ROOT = path.join(__dirname, '..', '..', '..');

describe('ci: the test reporter', () => {
  it('lists every failed test by full title before the closing "N passed, M failed" line', () => {
    const r = spawnSync(process.execPath, [path.join(ROOT, 'node_modules/mocha/bin/mocha.js'), '--no-config', '-r', 'tsx/cjs', '--extension', 'ts', '--reporter', path.join(ROOT, 'test/reporter.cjs'), path.join(__dirname, 'sample.fixture.ts')], { cwd: ROOT, encoding: 'utf8' });
    assert.strictEqual(r.status, 1, r.stderr);
    const lines = r.stdout.trimEnd().split('\n');
    assert.strictEqual(lines[lines.length - 1], '1 passed, 1 failed');
    assert.strictEqual(lines[lines.length - 2], 'failed test: sample suite fails on purpose');
  });
});
