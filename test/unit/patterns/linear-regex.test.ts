import { strict as assert } from 'assert';
import fc from 'fast-check';
import { LinearRegex, UnsupportedRegex, Work } from '../../../shared/patterns/regex';

/** Random expressions over a small alphabet: groups, classes, quantifiers, anchors, word boundaries and lookarounds. */
const { expr } = fc.letrec((tie) => ({
  expr: fc.oneof({ depthSize: 'small', withCrossShrink: true }, tie('leaf'), tie('seq'), tie('alt'), tie('quant'), tie('look')),
  leaf: fc.constantFrom('a', 'b', '.', '[ab]', '[^a]', '\\b', '\\B', '^', '$', '\\/', '\\d', '\\w', '\\s', ''),
  seq: fc.array(tie('expr'), { minLength: 2, maxLength: 3 }).map((xs) => (xs as string[]).join('')),
  alt: fc.array(tie('expr'), { minLength: 2, maxLength: 3 }).map((xs) => `(?:${(xs as string[]).join('|')})`),
  quant: fc.tuple(tie('expr'), fc.constantFrom('*', '+', '?', '{2}', '{0,2}', '{1,}', '*?')).map(([t, q]) => `(?:${t})${q}`),
  look: fc.tuple(fc.constantFrom('?=', '?!', '?<=', '?<!'), tie('expr')).map(([k, t]) => `(${k}${t})`),
}));
const inputs = fc.stringMatching(/^[ab/ 1.]{0,12}$/);

describe('patterns: the linear matcher decides what a JavaScript RegExp decides', () => {
  it('test() agrees with RegExp.prototype.test on random expressions, flags and inputs', () => {
    fc.assert(
      fc.property(expr as fc.Arbitrary<string>, inputs, fc.constantFrom('', 'i', 'm', 's'), (source, input, flags) => {
        let native: RegExp;
        try {
          native = new RegExp(source, flags);
        } catch {
          return;
        }
        assert.equal(LinearRegex.compile(source, flags).test(input), native.test(input), `/${source}/${flags} on ${JSON.stringify(input)}`);
      }),
      { numRuns: 3000, seed: 20261130 },
    );
  });

  it('testPrefixes() answers for each leading part as if it were the whole string', () => {
    fc.assert(
      fc.property(expr as fc.Arbitrary<string>, inputs, (source, input) => {
        let native: RegExp;
        try {
          native = new RegExp(source);
        } catch {
          return;
        }
        const ends = [...Array(input.length + 1).keys()].filter((e) => e === input.length || input[e] === '/' || e % 3 === 0);
        const first = ends.find((e) => native.test(input.slice(0, e))) ?? -1;
        assert.equal(LinearRegex.compile(source).testPrefixes(input, ends), first, `/${source}/ on ${JSON.stringify(input)} at ${ends}`);
      }),
      { numRuns: 2000, seed: 20261130 },
    );
  });

  it('reads the syntax the engine reads (Annex B) and refuses what it refuses', () => {
    assert.equal(LinearRegex.compile(']').test('a]'), true);
    assert.equal(LinearRegex.compile('a{').test('a{'), true);
    assert.equal(LinearRegex.compile('\\c').test('\\c'), true);
    assert.throws(() => LinearRegex.compile('(a'), SyntaxError);
    assert.throws(() => LinearRegex.compile('[z-a]'), SyntaxError);
  });

  it('a backreference is not guessed at: the expression is refused as unsupported', () => {
    assert.throws(() => LinearRegex.compile('(a*)b\\1'), UnsupportedRegex);
    assert.throws(() => LinearRegex.compile('(a)\\1'), UnsupportedRegex);
  });

  it('past its work budget the answer is undefined, never a guess', () => {
    const re = LinearRegex.compile('(?:a|b)*a(?:a|b){8}c');
    assert.equal(re.test('ab'.repeat(5_000), new Work(1_000)), undefined);
    assert.equal(re.test('ab'.repeat(5_000)), false);
  });
});
