import * as assert from 'assert';
import fc from 'fast-check';
import { PatternIndex } from '../../../shared/compiled/pattern-index';
import { compile, matches } from '../../../shared/patterns/wildcard';
import { opencodePattern } from '../../../shared/dialects/opencode/pattern';
import { inputArb, patternArb } from './arbitraries';

const RUNS = Number(process.env.FUZZ_RUNS ?? 400);

/** The answer the index must give: the highest-numbered pattern that matches, by a linear scan. */
function linearLast(texts: string[], input: string): number {
  for (let id = texts.length - 1; id >= 0; id--) if (matches(compile(opencodePattern(texts[id])), input)) return id;
  return -1;
}

function indexOf(texts: string[]) {
  const matchers = texts.map((t) => compile(opencodePattern(t)));
  const index = new PatternIndex(texts.map(opencodePattern));
  return { last: (input: string) => index.last(input, (id) => matches(matchers[id], input)), index };
}

describe('the pattern index', () => {
  it('answers the last matching pattern exactly as a linear scan does', () => {
    fc.assert(
      fc.property(fc.array(patternArb, { maxLength: 24 }), fc.array(inputArb, { minLength: 1, maxLength: 8 }), (texts, inputs) => {
        const { last } = indexOf(texts);
        for (const input of inputs) assert.strictEqual(last(input), linearLast(texts, input), input);
      }),
      { numRuns: RUNS },
    );
  });

  it('proposes every matching pattern as a candidate', () => {
    fc.assert(
      fc.property(fc.array(patternArb, { maxLength: 24 }), inputArb, (texts, input) => {
        const { index } = indexOf(texts);
        const candidates = new Set(index.candidates(input));
        texts.forEach((t, id) => {
          if (matches(compile(opencodePattern(t)), input)) assert.ok(candidates.has(id), `${t} matches ${input} but is no candidate`);
        });
      }),
      { numRuns: RUNS },
    );
  });

  it('finds keys that share, split and extend one another', () => {
    // Prefix keys branch inside an edge (ab/abc/abd), end where another goes on (a/ab) and repeat;
    // suffix keys do the same from the end.
    const texts = ['abc*', 'ab*', 'abd*', 'a*', 'abc*', 'abcdef*', '*xyz', '*yz', '*wyz', '*z', '*xyz', 'zzz', '*', '*mid*'];
    const { last } = indexOf(texts);
    for (const input of ['abc', 'abcdefg', 'abd', 'ab', 'a', 'b', 'xyz', 'wyz', 'ayz', 'z', 'zzz', 'zz', 'amidz', 'abcxyz', '']) {
      assert.strictEqual(last(input), linearLast(texts, input), input);
    }
    const prefixes = indexOf(['a*', 'abc*', 'ab*', 'abd*', 'abcdef*']);
    assert.deepStrictEqual(['abcdefg', 'abd', 'ab', 'abc', 'ax', 'b'].map(prefixes.last), [4, 3, 2, 2, 0, -1]);
    assert.deepStrictEqual(['axyz', 'wyz', 'ayz', 'y'].map(indexOf(['*z', '*xyz', '*yz', '*wyz']).last), [2, 3, 2, -1]);
  });
});
