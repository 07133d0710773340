import * as assert from 'assert';
import fc from 'fast-check';
import { PrefixIndex } from '../../../shared/analysis/prefix-index';
import { propertyRuns } from '../../helpers/runs';

/** The items `related` appends, as sorted [item, …]. */
function visited(ix: PrefixIndex, text: string, below = Infinity): number[] {
  const out: number[] = [];
  ix.related(text, below, out);
  return out.sort((a, b) => a - b);
}

describe('analysis: the prefix index', () => {
  it('visits exactly the items whose key starts the text or is started by it, each once, for keys and other texts', () => {
    const key = fc.array(fc.constantFrom('a', 'b', '/', 'ab', '\u0000', 'é'), { maxLength: 5 }).map((xs) => xs.join(''));
    fc.assert(
      fc.property(fc.array(key, { maxLength: 30 }), fc.array(key, { maxLength: 8 }), (keys, probes) => {
        const ix = new PrefixIndex();
        keys.forEach((k, item) => ix.add(k, item));
        ix.seal();
        // An addition's own key, read by its number, gives what its text gives.
        keys.forEach((k, item) => {
          const out: number[] = [];
          ix.relatedTo(item, Infinity, out);
          assert.deepStrictEqual(out.sort((a, b) => a - b), visited(ix, k), JSON.stringify({ keys, item }));
        });
        for (const text of [...keys, ...probes]) {
          const want = keys.flatMap((k, item) => (k.startsWith(text) || text.startsWith(k) ? [item] : []));
          assert.deepStrictEqual(visited(ix, text), want, JSON.stringify({ keys, text }));
          const below = keys.length >> 1;
          assert.deepStrictEqual(visited(ix, text, below), want.filter((x) => x < below), JSON.stringify({ keys, text, below }));
        }
      }),
      { numRuns: propertyRuns(500), seed: 20261130 },
    );
  });

  it('files an item added again under the same key once', () => {
    const ix = new PrefixIndex();
    ix.add('src/', 0);
    ix.add('src/', 0);
    ix.add('src/', 1);
    ix.add('src/', 1);
    ix.add('src/', 4);
    ix.add('docs/', 2);
    assert.deepStrictEqual(visited(ix.seal(), 'src/a'), [0, 1, 4]);
    assert.deepStrictEqual(visited(ix, 'src/a', 4), [0, 1]);
  });

  it('keeps each key’s items ascending however its keys were added among others', () => {
    const ix = new PrefixIndex();
    const added = [ix.add('b', 0), ix.add('a', 1), ix.add('b', 2), ix.add('ab', 3), ix.add('a', 4), ix.add('', 5), ix.add('b', 6)];
    ix.seal();
    assert.deepStrictEqual(added, [0, 1, 2, 3, 4, 5, 6]);
    const out: number[] = [];
    ix.related('b', 6, out);
    // The empty key starts everything; below 6 leaves out the last `b`.
    assert.deepStrictEqual(out.sort((x, y) => x - y), [0, 2, 5]);
    const at: number[] = [];
    ix.relatedTo(1, Infinity, at);
    assert.deepStrictEqual(at.sort((x, y) => x - y), [1, 3, 4, 5]);
  });
});
