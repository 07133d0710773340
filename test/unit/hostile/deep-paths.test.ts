import { strict as assert } from 'assert';
import { resolveSpellings } from '../../../shared/dialects/claude/safe-path';
import { MAX_RESOLVABLE_PATH_CHARS, type PathFs } from '../../../shared/model';

/** A file system that counts what it is asked and how long the paths were; one link, /p/lnk → /q. */
function counting(): PathFs & { asked: number; longest: number } {
  const fs = {
    asked: 0,
    longest: 0,
    realpath: (p: string) => p,
    readlink(p: string) {
      fs.asked++;
      fs.longest = Math.max(fs.longest, p.length);
      return p === '/p/lnk' ? '/q' : undefined;
    },
  };
  return fs;
}

// Each folder of a path was looked up by its whole, ever longer path: a 100 kB path of folders cost
// seconds. The kernel finds nothing past PATH_MAX, so neither does the walk.
describe('hostile input: a deep path is resolved in one pass', () => {
  const deep = `/p/lnk/${'a/'.repeat(50_000)}f`;

  it('asks about no path longer than PATH_MAX, and still follows the link before it', () => {
    const fs = counting();
    const r = resolveSpellings(fs, deep);
    assert.ok(fs.longest <= MAX_RESOLVABLE_PATH_CHARS, `asked about a ${fs.longest}-character path`);
    assert.ok(fs.asked <= MAX_RESOLVABLE_PATH_CHARS, `${fs.asked} lookups`);
    assert.equal(r.final, `/q/${'a/'.repeat(50_000)}f`);
    assert.ok(r.spellings.includes(deep));
  });

  it('a short path is walked folder by folder as before', () => {
    const fs = counting();
    assert.equal(resolveSpellings(fs, '/p/lnk/b/c').final, '/q/b/c');
    assert.equal(fs.asked, 5);
  });
});
