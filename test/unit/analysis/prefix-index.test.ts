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
});
