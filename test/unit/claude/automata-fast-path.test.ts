import * as assert from 'assert';
import fc from 'fast-check';
import { overlap, overlapOnAutomata, sample, uncovered, uncoveredOnAutomata } from '../../../shared/dialects/claude/automata';
import { compile, matches, type Atom, type Wildcard } from '../../../shared/patterns/wildcard';

const RUNS = Number(process.env.FUZZ_RUNS ?? 300);

/** Patterns over a tiny alphabet, so exact ones, prefixes and stars meet often. */
const atomArb: fc.Arbitrary<Atom> = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom('a', 'b', ' ', 'ab').map((s): Atom => ({ t: 'lit', s })) },
  { weight: 1, arbitrary: fc.constant<Atom>({ t: 'star' }) },
  { weight: 1, arbitrary: fc.constant<Atom>({ t: 'one' }) },
);
const altArb = fc.array(atomArb, { maxLength: 5 });
const exactAltArb = fc.array(fc.constantFrom('a', 'b', ' ').map((s): Atom => ({ t: 'lit', s })), { maxLength: 5 });
const wildcardArb: fc.Arbitrary<Wildcard> = fc
  .oneof(fc.array(altArb, { minLength: 1, maxLength: 2 }), fc.array(exactAltArb, { minLength: 1, maxLength: 2 }))
  .map((alts) => ({ source: JSON.stringify(alts), alts }));

const inLang = (w: Wildcard, s: string) => matches(compile(w), s);

describe('claude automata: shortcuts for exact patterns and the overlap filter', () => {
  it('uncovered agrees with the automata alone, and its witness is in a and in none of bs', () => {
    fc.assert(
      fc.property(wildcardArb, fc.array(wildcardArb, { maxLength: 6 }), (a, bs) => {
        const fast = uncovered(a, bs);
        const slow = uncoveredOnAutomata(a, bs);
        assert.strictEqual(fast === null, slow === null, `fast ${fast} / automata ${slow}`);
        if (typeof fast === 'string') {
          assert.ok(inLang(a, fast), 'witness in a');
          assert.ok(!bs.some((b) => inLang(b, fast)), 'witness in no b');
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('overlap agrees with the automata alone, and its witness is in both', () => {
    fc.assert(
      fc.property(fc.array(wildcardArb, { minLength: 1, maxLength: 3 }), fc.array(wildcardArb, { minLength: 1, maxLength: 3 }), (as, bs) => {
        const fast = overlap(as, bs);
        const slow = overlapOnAutomata(as, bs);
        assert.strictEqual(fast === null, slow === null, `fast ${fast} / automata ${slow}`);
        if (typeof fast === 'string') {
          assert.ok(as.some((a) => inLang(a, fast)) && bs.some((b) => inLang(b, fast)), 'witness in both');
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('decides an exact approval against hundreds of others without building their automaton', () => {
    const lit = (s: string): Wildcard => ({ source: s, alts: [[{ t: 'lit', s }]] });
    const others = Array.from({ length: 2000 }, (_, i) => lit(`npm run task${i}`));
    assert.strictEqual(uncovered(lit('npm run task7'), others), null);
    assert.strictEqual(uncovered(lit('npm run other'), others), 'npm run other');
    assert.strictEqual(overlap(lit('npm run task7'), others), 'npm run task7');
  });

  it('sample of one alternative without ? is the word the automaton spells', () => {
    const starAlt = fc.array(fc.oneof({ weight: 4, arbitrary: fc.constantFrom('a', 'b', ' ', 'ab').map((t): Atom => ({ t: 'lit', s: t })) }, { weight: 1, arbitrary: fc.constant<Atom>({ t: 'star' }) }), { maxLength: 6 });
    fc.assert(
      fc.property(starAlt, (alt) => {
        const w: Wildcard = { source: JSON.stringify(alt), alts: [alt] };
        // Two copies of the pattern are one language, and always go through the automaton.
        assert.strictEqual(sample(w), sample([w, w]));
      }),
      { numRuns: RUNS },
    );
  });
});
