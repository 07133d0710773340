import * as assert from 'assert';
import fc from 'fast-check';
import { atomsOf, compile, matches, toRegExpSource, type Wildcard } from '../../../shared/patterns/wildcard';
import { growsLinearly, growth } from '../../helpers/growth';

const RUNS = Number(process.env.FUZZ_RUNS ?? 500);
const wildcard = (text: string): Wildcard => ({ source: text, alts: [atomsOf(text, { star: true, one: true })] });
const reference = (w: Wildcard) => new RegExp(toRegExpSource(w), 's');
/** Textbook O(n·m) dynamic programme over one alternative: slow, obviously right, never backtracks. */
function dpMatches(w: Wildcard, s: string): boolean {
  return w.alts.some((atoms) => {
    const units: Array<string | null> = [];
    for (const a of atoms) {
      if (a.t === 'lit') for (const ch of a.s.split('')) units.push(ch);
      else units.push(a.t === 'one' ? null : '*');
    }
    let row = new Uint8Array(s.length + 1);
    row[0] = 1;
    for (const u of units) {
      const next = new Uint8Array(s.length + 1);
      if (u === '*') {
        let any = 0;
        for (let j = 0; j <= s.length; j++) next[j] = any = any | row[j];
      } else {
        for (let j = 1; j <= s.length; j++) next[j] = row[j - 1] & (u === null || s[j - 1] === u ? 1 : 0);
      }
      row = next;
    }
    return row[s.length] === 1;
  });
}

describe('wildcard matcher', () => {
  it('agrees with the regular expression of the canonical form on short inputs', () => {
    const pat = fc.array(fc.constantFrom('a', 'b', '*', '?', '\n', '\0'), { maxLength: 10 }).map((c) => c.join(''));
    const inp = fc.array(fc.constantFrom('a', 'b', '\n', '\0'), { maxLength: 14 }).map((c) => c.join(''));
    fc.assert(
      fc.property(pat, inp, (p, s) => {
        const w = wildcard(p);
        const want = reference(w).test(s);
        assert.strictEqual(dpMatches(w, s), want);
        assert.strictEqual(matches(compile(w), s), want, `${JSON.stringify(p)} vs ${JSON.stringify(s)}`);
      }),
      { numRuns: RUNS * 4 },
    );
  });

  it('agrees on long inputs where masked segments fall back to the bit-parallel scan', () => {
    // Long `?`-rich segments over a two-letter input force many failed probes, so the scan takes over;
    // segments longer than 32 units exercise the multi-word state.
    const seg = fc.array(fc.constantFrom('a', 'a', 'b', '?', '?'), { minLength: 1, maxLength: 70 }).map((c) => c.join(''));
    const pat = fc.tuple(fc.boolean(), fc.array(seg, { minLength: 1, maxLength: 3 }), fc.boolean()).map(([lead, segs, trail]) => `${lead ? '*' : ''}${segs.join('*')}${trail ? '*' : ''}`);
    const inp = fc
      .tuple(fc.integer({ min: 200, max: 3000 }), fc.array(fc.tuple(fc.nat(3000), fc.constantFrom('b', 'c')), { maxLength: 6 }))
      .map(([n, marks]) => {
        const cs = Array.from({ length: n }, () => 'a');
        for (const [at, c] of marks) if (at < n) cs[at] = c;
        return cs.join('');
      });
    fc.assert(
      fc.property(pat, inp, (p, s) => {
        const w = wildcard(p);
        assert.strictEqual(matches(compile(w), s), dpMatches(w, s), `${p} vs ${s.length} units`);
      }),
      { numRuns: RUNS },
    );
  });

  it('finds a masked segment that starts right where probing gave up', () => {
    const w = wildcard(`*${'a?'.repeat(40)}b*`);
    const s = 'a'.repeat(5000) + 'b' + 'a'.repeat(100);
    assert.strictEqual(matches(compile(w), s), dpMatches(w, s));
    const hit = 'a'.repeat(5000) + 'ab'.repeat(40) + 'b';
    assert.strictEqual(matches(compile(w), hit), true);
  });

  it('keeps NUL and newlines literal, and `?` one UTF-16 unit', () => {
    assert.strictEqual(matches(compile(wildcard('a\0*')), 'a\0b'), true);
    assert.strictEqual(matches(compile(wildcard('a?b')), 'a\0b'), true);
    assert.strictEqual(matches(compile(wildcard('a*b')), 'a\n\nb'), true);
    assert.strictEqual(matches(compile(wildcard('?')), '😀'), false, 'an astral character is two units');
    assert.strictEqual(matches(compile(wildcard('??')), '😀'), true);
  });
});

describe('wildcard matcher on adversarial input (linear time)', () => {
  const N = 100_000;
  const aaaa = 'a'.repeat(N);
  const adversarial = [
    { name: '200 stars, no match at the end', p: '*a'.repeat(199) + '*b' },
    { name: '200 stars, failing two-unit segment', p: '*a'.repeat(199) + 'b*' },
    { name: '200 stars between `?` runs', p: '*' + 'a?'.repeat(100) + 'b' + '*a'.repeat(198) + '*' },
    { name: 'one long masked segment', p: '*' + 'a?'.repeat(100) + 'b*' },
  ];

  for (const { name, p } of adversarial) {
    it(`${name}: no match in 100 kB, and cost linear in the input (measured against 12.5 kB)`, () => {
      const c = compile(wildcard(p));
      assert.strictEqual(matches(c, aaaa), false);
      const g = growth((n) => assert.strictEqual(matches(c, aaaa.slice(0, n)), false), N / 8, N);
      assert.ok(growsLinearly(g), g.text);
    });
  }

  it('a 200-star pattern that matches scans the input once: cost linear in the input', () => {
    const text = Array.from({ length: N }, (_, i) => 'abcdefgh/'[(i * 7919) % 9]).join('');
    const pieces = Array.from({ length: 199 }, (_, i) => text.slice((i + 1) * 500, (i + 1) * 500 + 4));
    const c = compile(wildcard(`*${pieces.join('*')}*`));
    assert.strictEqual(matches(c, text), true);
    // The same pattern against the text repeated: still one scan, whatever the length.
    const g = growth((n) => assert.strictEqual(matches(c, text.repeat(n)), true), 1, 8);
    assert.ok(growsLinearly(g), g.text);
  });
});
