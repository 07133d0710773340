import * as assert from 'assert';
import fc from 'fast-check';
import { AnchoredKeys, keyHash } from '../../../shared/compiled/anchored-keys';
import { PatternIndex } from '../../../shared/compiled/pattern-index';
import { opencodePattern } from '../../../shared/dialects/opencode/pattern';
import { compile, matches } from '../../../shared/patterns/wildcard';

const collected = (keys: AnchoredKeys, input: string) => {
  const out: number[] = [];
  keys.collect(input, out);
  return out;
};

/** Two different eight-letter keys whose hashes are equal, found among words of a seeded generator. */
function collidingPair(fromEnd: boolean): [string, string] {
  const seen = new Map<number, string>();
  let state = 12345;
  const next = () => (state = (Math.imul(state, 1103515245) + 12345) >>> 0);
  for (let n = 0; n < 2_000_000; n++) {
    let w = '';
    for (let i = 0; i < 8; i++) w += String.fromCharCode(97 + (next() >>> 16) % 26);
    const h = keyHash(w, fromEnd);
    const other = seen.get(h);
    if (other !== undefined && other !== w) return [other, w];
    seen.set(h, w);
  }
  throw new Error('no two generated words share a hash');
}

/**
 * Literal prefixes and suffixes filed by hash: a lookup must find every key that sits at its end of
 * the input (the index then tests each), and a hash shared by two keys may add a candidate but
 * never lose one or change an answer.
 */
describe('anchored keys', () => {
  it('finds every prefix key of the input, of any length, and no key longer than it', () => {
    const k = new AnchoredKeys(false);
    ['d', 'do', 'docs/', 'docs/a', 'x', 'docs/a.md.bak'].forEach((key, id) => k.add(key, id));
    assert.deepStrictEqual(collected(k, 'docs/a.md').sort(), [0, 1, 2, 3]);
    assert.deepStrictEqual(collected(k, 'x'), [4]);
    assert.deepStrictEqual(collected(k, ''), []);
  });

  it('finds suffix keys from the end, and keys filed twice under every id', () => {
    const k = new AnchoredKeys(true);
    ['.env', 'env', '.env', 'a.env'].forEach((key, id) => k.add(key, id));
    assert.deepStrictEqual(collected(k, 'prod.env').sort(), [0, 1, 2]);
    assert.deepStrictEqual(collected(k, 'a.env').sort(), [0, 1, 2, 3]);
    assert.deepStrictEqual(collected(k, '.envx'), []);
  });

  it('finds every key that sits at its end of the input, whatever a shared hash adds', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: fc.constantFrom('a', 'b', '/', '.'), minLength: 1, maxLength: 5 }), { maxLength: 20 }), fc.string({ unit: fc.constantFrom('a', 'b', '/', '.'), maxLength: 8 }), fc.boolean(), (keys, input, fromEnd) => {
        const k = new AnchoredKeys(fromEnd);
        keys.forEach((key, id) => k.add(key, id));
        const got = new Set(collected(k, input));
        keys.forEach((key, id) => {
          const sits = fromEnd ? input.endsWith(key) : input.startsWith(key);
          if (sits) assert.ok(got.has(id), `${key} sits in ${input} but was not found`);
        });
      }),
      { numRuns: 300 },
    );
  });

  for (const fromEnd of [false, true]) {
    it(`two ${fromEnd ? 'suffix' : 'prefix'} keys with one hash: both are candidates, and the index still answers exactly`, () => {
      const [x, y] = collidingPair(fromEnd);
      assert.notStrictEqual(x, y);
      const k = new AnchoredKeys(fromEnd);
      k.add(x, 0);
      k.add(y, 1);
      const inputX = fromEnd ? `q${x}` : `${x}q`;
      assert.deepStrictEqual(collected(k, inputX).sort(), [0, 1], 'the collision adds a candidate');
      const texts = fromEnd ? [`*${x}`, `*${y}`] : [`${x}*`, `${y}*`];
      const matchers = texts.map((t) => compile(opencodePattern(t)));
      const index = new PatternIndex(texts.map(opencodePattern));
      const last = (input: string) => index.last(input, (id) => matches(matchers[id], input));
      assert.strictEqual(last(inputX), 0, 'the pattern that matches, not the one whose key shares its hash');
      assert.strictEqual(last(fromEnd ? `q${y}` : `${y}q`), 1);
      assert.strictEqual(last('zzzz'), -1);
    });
  }
});
