import * as assert from 'assert';
import fc from 'fast-check';
import { atomsOf, compile, matcherOf, matches, matchesPattern, type Wildcard } from '../../../shared/patterns/wildcard';
import { opencodePattern } from '../../../shared/dialects/opencode/pattern';

const RUNS = Number(process.env.FUZZ_RUNS ?? 500);
const alt = fc.array(fc.constantFrom('a', 'b', 'ab', '*', '?', '/'), { maxLength: 4 }).map((c) => atomsOf(c.join(''), { star: true, one: true }));
const wildcard = fc.array(alt, { minLength: 1, maxLength: 3 }).map((alts): Wildcard => ({ source: 'p', alts, notes: undefined, shapes: undefined, compiled: undefined }));
const input = fc.array(fc.constantFrom('a', 'b', '/', '\n'), { maxLength: 6 }).map((c) => c.join(''));

/**
 * `matchesPattern` settles the simplest alternatives (a literal, a star, `?`, a literal and a star
 * at one end) without compiling: its answer must be the compiled matcher's on every pattern.
 */
describe('matching a pattern in place', () => {
  it('answers as the compiled matcher does, on patterns of one to three alternatives', () => {
    fc.assert(
      fc.property(wildcard, input, (w, s) => {
        assert.strictEqual(matchesPattern(w, s), matches(compile(w), s), `${JSON.stringify(w.alts)} on ${JSON.stringify(s)}`);
      }),
      { numRuns: RUNS * 4 },
    );
  });

  it('compiles a simple pattern never, and another once, on first match', () => {
    const simple = opencodePattern('docs/*');
    assert.strictEqual(matchesPattern(simple, 'docs/a.md'), true);
    assert.strictEqual(matchesPattern(simple, 'src/a.md'), false);
    assert.strictEqual(simple.compiled, undefined, 'a literal and a final star are matched in place');
    const other = opencodePattern('src/*.ts');
    assert.strictEqual(other.compiled, undefined, 'nothing is compiled before a match');
    assert.strictEqual(matchesPattern(other, 'src/a.ts'), true);
    const first = other.compiled;
    assert.ok(first !== undefined, 'compiled on first match');
    assert.strictEqual(matchesPattern(other, 'src/a.js'), false);
    assert.strictEqual(matcherOf(other), first, 'and kept');
  });

  it("keeps OpenCode's optional final ` *`: `git *` matches `git` and `git status`", () => {
    const git = opencodePattern('git *');
    for (const s of ['git', 'git ', 'git status', 'gitx']) assert.strictEqual(matchesPattern(git, s), matches(compile(git), s), s);
    assert.strictEqual(matchesPattern(git, 'gitx'), false);
  });
});
