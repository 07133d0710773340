import { strict as assert } from 'assert';
import fc from 'fast-check';
import { GLOB_SYNTAX, literalGlobCandidates } from '../../../shared/patterns/literal-glob';
import { propertyRuns } from '../../helpers/runs';

const RUNS = propertyRuns(300);

/** `{…,…}` with no brace inside. */
function hasBraceList(s: string): boolean {
  for (let i = s.indexOf('{'); i >= 0; i = s.indexOf('{', i + 1)) {
    let comma = false;
    for (let j = i + 1; j < s.length && s[j] !== '{'; j++) {
      if (s[j] === ',') comma = true;
      if (s[j] === '}') {
        if (comma) return true;
        break;
      }
    }
  }
  return false;
}

/** `[…]` holding at least one character. */
function hasClass(s: string): boolean {
  for (let i = s.indexOf('['); i >= 0; i = s.indexOf('[', i + 1)) if (i + 1 < s.length && s[i + 1] !== ']' && s.indexOf(']', i + 2) > 0) return true;
  return false;
}

/** Each class, left to right, replaced by its first character. */
function firstOfEachClass(s: string): string {
  let out = '';
  let at = 0;
  for (;;) {
    let i = s.indexOf('[', at);
    let close = -1;
    for (; i >= 0; i = s.indexOf('[', i + 1)) {
      close = i + 1 < s.length && s[i + 1] !== ']' ? s.indexOf(']', i + 2) : -1;
      if (close > 0) break;
    }
    if (i < 0) return out + s.slice(at);
    out += s.slice(at, i) + s[i + 1];
    at = close + 1;
  }
}

const text = (pieces: string[]) => fc.array(fc.constantFrom(...pieces), { maxLength: 30 }).map((a) => a.join(''));

describe('patterns: glob syntax a star-only dialect reads literally', () => {
  it('GLOB_SYNTAX finds a globstar folder, a brace list, a class or a leading ! anywhere', () => {
    const cases: Array<[string, boolean]> = [
      ['src/**/a', true],
      ['{a,b}', true],
      ['{a}', false],
      ['{{a,b}', true],
      ['{a,{b}', false],
      ['[ab]', true],
      ['[]', false],
      ['[[]', true],
      ['[]]', false],
      ['a[', false],
      ['!x', true],
      ['x!', false],
      ['['.repeat(5000), false],
      ['{,'.repeat(5000), false],
      ['['.repeat(5000) + 'a]', true],
    ];
    for (const [s, want] of cases) assert.equal(GLOB_SYNTAX.test(s), want, s.slice(0, 40));
    fc.assert(
      fc.property(text(['[', ']', '{', '}', ',', '*', '/', '**/', '!', 'a']), (s) => {
        assert.equal(GLOB_SYNTAX.test(s), s.includes('**/') || hasBraceList(s) || hasClass(s) || s.startsWith('!'), s);
      }),
      { numRuns: RUNS },
    );
  });

  it('a candidate takes the first character of each class, left to right', () => {
    const cases: Array<[string, string]> = [
      ['[abc].md', 'a.md'],
      ['[]a]', '[]a]'],
      ['a[[b]c', 'a[c'],
      ['[a][b]', 'ab'],
      ['[]x[y]', '[]xy'],
      ['['.repeat(5000), '['.repeat(5000)],
    ];
    for (const [s, want] of cases) assert.deepEqual(literalGlobCandidates(s), [want], s.slice(0, 40));
    fc.assert(fc.property(text(['[', ']', 'a', 'b']), (s) => assert.deepEqual(literalGlobCandidates(s), [firstOfEachClass(s)], s)), { numRuns: RUNS });
  });
});
