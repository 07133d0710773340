import { strict as assert } from 'assert';
import * as path from 'path';
import fc from 'fast-check';
import { deepestResolvable, type PathFs } from '../../../shared/model';

/** The nearest resolvable ancestor, found with few `realpath` calls, as a walk up would find it. */

/** The walk this replaces: each ancestor in turn, nearest first. */
function walkUp(head: string, fs: PathFs): { real: string; rest: string[] } | undefined {
  const rest: string[] = [];
  for (let p = head; ; p = path.posix.dirname(p)) {
    const real = fs.realpath(p);
    if (real !== undefined) return { real, rest: rest.reverse() };
    if (p === path.posix.dirname(p)) return undefined;
    rest.push(path.posix.basename(p));
  }
}

/** A file system holding `existing` (and every ancestor of it, as a real one does), counting calls. */
function treeFs(existing: string[]): PathFs & { calls: number } {
  const all = new Set<string>(['/']);
  for (const e of existing) for (let p = e; p !== '/'; p = path.posix.dirname(p)) all.add(p);
  const fs = { calls: 0, realpath: (p: string) => (fs.calls++, all.has(p) ? `/real${p === '/' ? '' : p}` : undefined) };
  return fs;
}

describe('model: deepestResolvable', () => {
  it('gives the nearest existing folder and the missing components', () => {
    const fs = treeFs(['/p/src']);
    assert.deepEqual(deepestResolvable('/p/src/new/x.ts', fs), { real: '/real/p/src', rest: ['new', 'x.ts'] });
    assert.deepEqual(deepestResolvable('/p/src', fs), { real: '/real/p/src', rest: [] });
    assert.deepEqual(deepestResolvable('/q/a', fs), { real: '/real', rest: ['q', 'a'] });
  });

  it('undefined when not even the root resolves', () => {
    assert.equal(deepestResolvable('/a/b', { realpath: () => undefined }), undefined);
  });

  it('agrees with the walk up on random trees and paths', () => {
    const name = fc.constantFrom('a', 'b', 'c', '..');
    const p = fc.array(name, { minLength: 1, maxLength: 12 }).map((xs) => `/${xs.join('/')}`);
    fc.assert(
      fc.property(fc.array(p, { maxLength: 6 }), p, (existing, q) => {
        assert.deepEqual(deepestResolvable(q, treeFs(existing)), walkUp(q, treeFs(existing)));
      }),
      { numRuns: 500 },
    );
  });

  it('asks a few ancestors of a deep path, not every one', () => {
    const deep = `/p${'/a'.repeat(2000)}`;
    const fs = treeFs(['/p/a']);
    assert.deepEqual(deepestResolvable(deep, fs)?.real, '/real/p/a');
    assert.ok(fs.calls <= 2 * Math.ceil(Math.log2(2001)) + 2, `${fs.calls} calls`);
  });
});
