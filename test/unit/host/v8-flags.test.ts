import { strict as assert } from 'assert';
import { spawnSync } from 'child_process';
import * as path from 'path';
import { COMPILER_FLAGS } from '../../../shared/host/v8-flags';

const ROOT = path.resolve(__dirname, '../../..');

/** What `tuneCompiler()` applies in a fresh node started with `flags` (run from the source). */
function appliedWith(flags: string[]): { applied: string[]; again: boolean } {
  const script = "const t = require('./shared/host/v8-flags.ts'); const a = t.tuneCompiler(); console.log(JSON.stringify({ applied: a, again: t.tuneCompiler() === a }));";
  const r = spawnSync(process.execPath, [...flags, '--require', 'tsx/cjs', '-e', script], { cwd: ROOT, encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  return JSON.parse(r.stdout);
}

/**
 * The compiler settings the server and the CLI start with: flags this node's V8 knows (an unknown
 * one would be an error or a warning in every run), applied once, never over the user's own.
 */
describe('host: V8 compiler settings', () => {
  it('are flags this node accepts, without a word on stderr', () => {
    const r = spawnSync(process.execPath, [...COMPILER_FLAGS, '-e', '0'], { encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.stderr, '');
  });

  it('are applied once, all of them in a plain process', () => {
    assert.deepEqual(appliedWith([]), { applied: [...COMPILER_FLAGS], again: true });
  });

  it('leave out a flag the process was started with, whichever way it is spelled', () => {
    assert.deepEqual(appliedWith(['--max-inlined-bytecode-size=100']).applied, COMPILER_FLAGS.filter((f) => !f.startsWith('--max-inlined-bytecode-size=')));
    assert.deepEqual(appliedWith(['--max_inlined_bytecode_size_cumulative=100']).applied, COMPILER_FLAGS.filter((f) => !f.startsWith('--max-inlined-bytecode-size-cumulative=')));
  });
});
