import { strict as assert } from 'assert';
import { posix } from 'path';
import fc from 'fast-check';
import picomatch from 'picomatch';
import { compileGlob, compileGlobs, MAX_GLOB_CHARS } from '../../../shared/patterns/glob';

/** Glob pieces picomatch gives meaning to, and some it reads literally. */
const piece = fc.constantFrom('a', 'b', '.', '*', '**', '?', '/', '[ab]', '[!a]', '{a,b}', '{a,.b}', '@(a|b)', '!(a)', '+(a)', '*(b)', '?(a)', '\\*', '!', '.env', 'x.', '..', '(', ')', '[', ']', '{', '}', '|', '\\', '$', '^', '+');
const globs = fc.array(piece, { minLength: 1, maxLength: 7 }).map((xs) => xs.join(''));
const paths = fc.array(fc.constantFrom('a', 'b', '.', '/', 'ab', '.env', 'x', '..'), { minLength: 0, maxLength: 8 }).map((xs) => xs.join(''));

describe('patterns: globs mean what picomatch says, matched without its RegExp', () => {
  it('agrees with picomatch(glob, { dot: true }) on random globs and paths, refusals included', () => {
    fc.assert(
      fc.property(globs, paths, (glob, input) => {
        let pm: (s: string) => boolean;
        try {
          pm = picomatch(glob, { dot: true });
        } catch {
          assert.throws(() => compileGlob(glob, { dot: true }), `${glob}: picomatch refuses it`);
          return;
        }
        assert.equal(compileGlob(glob, { dot: true }).test(input), pm(input), `${JSON.stringify(glob)} on ${JSON.stringify(input)}`);
      }),
      { numRuns: 4000, seed: 20261130 },
    );
  });

  it('a path or any folder above it: the same answer as testing each posix.dirname in turn', () => {
    fc.assert(
      fc.property(globs, paths, (glob, input) => {
        let pm: (s: string) => boolean;
        try {
          pm = picomatch(glob, { dot: true });
        } catch {
          return;
        }
        const path = posix.resolve('/', input);
        let expected = false;
        for (let p = path; ; p = posix.dirname(p)) {
          if (pm(p)) {
            expected = true;
            break;
          }
          if (p === '/') break;
        }
        assert.equal(compileGlob(glob, { dot: true }).testSelfOrAncestor(path), expected, `${JSON.stringify(glob)} on ${path}`);
      }),
      { numRuns: 3000, seed: 20261130 },
    );
  });

  it('several globs answer as picomatch([…]) does', () => {
    const any = compileGlobs(['vendor/**', '*.tmp'], { dot: true });
    assert.equal(any('vendor/a/b.json'), true);
    assert.equal(any('x.tmp'), true);
    assert.equal(any('src/x.json'), false);
  });

  it("a glob past the matcher's length limit is undecided; past picomatch's own, refused as picomatch refuses it", () => {
    const long = compileGlob('a'.repeat(MAX_GLOB_CHARS + 1), { dot: true });
    assert.ok(long.undecidable);
    assert.equal(long.test('b'), undefined);
    assert.equal(long.test('a'.repeat(MAX_GLOB_CHARS + 1)), true, "the glob's own text matches by equality, as in picomatch");
    assert.throws(() => compileGlob('a'.repeat(65_537), { dot: true }), /exceeds maximum allowed length/);
  });
});
