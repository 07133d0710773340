import { strict as assert } from 'assert';
import picomatch from 'picomatch';
import { compileArgsPattern } from '../../../shared/dialects/gemini/args-pattern';
import { opencodePattern } from '../../../shared/dialects/opencode/pattern';
import { foldCase, matchesIgnoringCase } from '../../../shared/patterns/fold';
import { compileGlob } from '../../../shared/patterns/glob';
import { LinearRegex } from '../../../shared/patterns/regex';
import { nearMissReason } from '../../../shared/trace/near-miss';
import { growsLinearly, growth } from '../../helpers/growth';

/**
 * The shapes known to make backtracking matchers explode (the ReDoS cases of picomatch's and
 * minimatch's own suites, and the ones found against RuleLens), each through the matcher that
 * must take it: the answer is right, and the cost grows with the input's length, not faster.
 */
describe('hostile input: adversarial patterns for the matchers and the near-miss explanation', () => {
  describe('near misses (case-blind comparison on the linear matcher)', () => {
    it('*a*a*a*a*ab against 320 a: no near miss, at once (it took 15 s at 160 a on a RegExp)', () => {
      assert.equal(nearMissReason('*a*a*a*a*ab', 'a'.repeat(320)), undefined);
      const g = growth((n) => nearMissReason('*a*a*a*a*ab', 'a'.repeat(n)), 12_500, 100_000);
      assert.ok(growsLinearly(g), g.text);
    });

    it('200 stars against 100 kB: answered, and a case-only difference is still explained', () => {
      const stars = `${'*A'.repeat(199)}*AB`;
      assert.equal(nearMissReason(stars, 'a'.repeat(100_000)), undefined);
      assert.match(nearMissReason(stars, `${'a'.repeat(100_000)}b`) ?? '', /case-sensitive/);
      const g = growth((n) => nearMissReason(stars, `${'a'.repeat(n)}b`), 12_500, 100_000);
      assert.ok(growsLinearly(g), g.text);
    });

    it('? and * interleaved, and a pattern longer than the subject', () => {
      assert.equal(nearMissReason('*?'.repeat(300) + 'Z', 'y'.repeat(10_000)), undefined);
      assert.match(nearMissReason('*?'.repeat(300) + 'Z', 'y'.repeat(10_000) + 'z') ?? '', /case-sensitive/);
      assert.equal(nearMissReason('A'.repeat(50_000), 'a'.repeat(10)), undefined);
    });

    it('folding keeps every length (a ? still stands for one unit) and folds both sides alike', () => {
      for (let c = 0; c < 0x10000; c += 1) assert.equal(foldCase(String.fromCharCode(c)).length, 1, `U+${c.toString(16)}`);
      assert.equal(foldCase('İSTANBUL'), 'İstanbul', 'a capital whose lower case is two units keeps its one');
      assert.equal(foldCase('ΑΣ'), foldCase('ασ'), 'no final-sigma context: unit by unit');
      assert.equal(matchesIgnoringCase(opencodePattern('git push *'), 'GIT PUSH origin'), true);
      assert.equal(matchesIgnoringCase(opencodePattern('Ka?'), '\u212Aab'), true, 'KELVIN SIGN folds to k, as K does');
    });
  });

  describe("globs (picomatch's meaning, linear matching)", () => {
    const pmRegexTakes = (glob: string, s: string) => picomatch(glob, { dot: true })(s);

    it('*a*a*a*a*ab against a long name: false, linear (picomatch took seconds at 160 characters)', () => {
      const g = compileGlob('*a*a*a*a*ab', { dot: true });
      assert.equal(g.test('a'.repeat(60)), pmRegexTakes('*a*a*a*a*ab', 'a'.repeat(60)));
      assert.equal(g.test('a'.repeat(100_000)), false);
      const gr = growth((n) => g.test('a'.repeat(n)), 12_500, 100_000);
      assert.ok(growsLinearly(gr), gr.text);
    });

    it('globstars around folders against a deep path, and every folder above it in one pass', () => {
      const g = compileGlob(`/p/${'**/a/'.repeat(50)}b`, { dot: true });
      assert.equal(g.test(`/p/${'a/'.repeat(50)}c`), false);
      assert.equal(g.test(`/p/${'a/'.repeat(50)}b`), true);
      const gr = growth((n) => g.testSelfOrAncestor(`/p/${'a/'.repeat(n >> 1)}c`), 12_500, 100_000);
      assert.ok(growsLinearly(gr), gr.text);
    });

    it('extglobs and negations that backtrack in picomatch: same answers, linear', () => {
      for (const glob of ['*(a|aa)b', '+(a|a)b', '!(*a)*b', '@(a|a)*(a)b', '**/!(x)/*a*a*b']) {
        const g = compileGlob(glob, { dot: true });
        for (const n of [1, 5, 12]) assert.equal(g.test('a'.repeat(n)), pmRegexTakes(glob, 'a'.repeat(n)), `${glob} on ${n} a`);
        assert.notEqual(g.test('a'.repeat(50_000)), undefined, `${glob} decided`);
        const gr = growth((n) => g.test('a'.repeat(n)), 12_500, 100_000);
        assert.ok(growsLinearly(gr), `${glob}: ${gr.text}`);
      }
    });

    it('long escape sequences and brackets are read, not run', () => {
      const g = compileGlob(`${'\\'.repeat(8_000)}A`, { dot: true });
      assert.equal(g.test(`${'\\'.repeat(4_000)}A`), pmRegexTakes(`${'\\'.repeat(8_000)}A`, `${'\\'.repeat(4_000)}A`));
      const brackets = compileGlob('[a]'.repeat(2_000), { dot: true });
      assert.equal(brackets.test('a'.repeat(2_000)), true);
      assert.equal(brackets.test('a'.repeat(1_999) + 'b'), false);
    });
  });

  describe("regular expressions Gemini's own screen lets through", () => {
    const hostile = ['"command":"a*a*a*a*a*b', '"command":"(a|a)*b', '"command":"(.*a){20}x', '"command":"(a|b|ab)*c', '"command":"\\w*\\w*\\w*\\w*z', '"command":"(?:(?=a)a)*b', '"command":"(?=.*b)(?=.*c)a'];

    for (const source of hostile) {
      it(`${source}: the same answer as the engine on short input, linear on long input`, () => {
        const p = compileArgsPattern(source);
        const args = (n: number) => `{"command":"${'a'.repeat(n)}"}`;
        for (const n of [0, 3, 10, 18]) assert.equal(p.test(args(n)), new RegExp(source).test(args(n)), `${n} a`);
        assert.equal(p.test(args(100_000)), false);
        const g = growth((n) => p.test(args(n)), 12_500, 100_000);
        assert.ok(growsLinearly(g), g.text);
      });
    }

    it('a pattern with a backreference is undecided, not guessed', () => {
      const p = compileArgsPattern('"command":"(a+)\\1b');
      assert.ok(p.undecidable);
      assert.equal(p.test('{"command":"aab"}'), undefined);
    });

    it('lookarounds of unbounded length inside a loop stay linear', () => {
      const re = LinearRegex.compile('^(?:(?=[^b]*b)a)*$');
      assert.equal(re.test('a'.repeat(50) + 'b'), false);
      assert.equal(re.test('a'.repeat(50)), false);
      assert.equal(LinearRegex.compile('^(?:(?=a*$)a)*$').test('a'.repeat(50_000)), true);
      const g = growth((n) => re.test('a'.repeat(n)), 12_500, 100_000);
      assert.ok(growsLinearly(g), g.text);
    });
  });
});
