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

  it('finds keys under nodes with many children, as they split and grow', () => {
    // Many first (and last) characters under one node, with keys added later that split an edge
    // or end inside one.
    const letters = 'abcdefghijklmn'.split('');
    const texts: string[] = [];
    for (const c of letters) texts.push(`${c}${c}x*`, `*y${c}${c}`);
    for (const c of letters.slice(0, 5)) texts.push(`${c}*`, `${c}${c}xz*`, `*${c}`, `*zy${c}${c}`, `${c}${c}`);
    const { last } = indexOf(texts);
    const inputs = letters.flatMap((c) => [`${c}${c}x`, `${c}${c}xz1`, `${c}${c}x1`, `${c}`, `${c}${c}`, `1y${c}${c}`, `zy${c}${c}`, `y${c}`, `q${c}`]);
    for (const input of [...inputs, '', 'zz', '1']) assert.strictEqual(last(input), linearLast(texts, input), input);
  });

  it('answers as a linear scan over a wide alphabet, where nodes have many children', () => {
    const wide = fc.array(fc.constantFrom(...'abcdefghijklmnop*/'.split('')), { maxLength: 6 }).map((cs) => cs.join(''));
    fc.assert(
      fc.property(fc.array(wide, { maxLength: 60 }), fc.array(wide, { minLength: 1, maxLength: 8 }), (texts, inputs) => {
        const { last } = indexOf(texts);
        for (const input of inputs) assert.strictEqual(last(input.replace(/\*/g, '')), linearLast(texts, input.replace(/\*/g, '')), input);
      }),
      { numRuns: RUNS, seed: 811 },
    );
  });
});
