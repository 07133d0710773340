import * as assert from 'assert';
import fc from 'fast-check';
import { JS, NFA } from 'refa';
import { AutomataCache, ANY_UNIT, SEP, unitsOf, wordOf, alphabetWithout } from '../../../shared/analysis/automata';
import { firstUncovered, deciders } from '../../../shared/analysis/lazy-dfa';
import { languageKeys } from '../../../shared/analysis/keys';
import { fills, firstFill, wordFromSet, preferredChars } from '../../../shared/analysis/witness';
import { opencodePattern } from '../../../shared/dialects/opencode/pattern';
import { compile, matches, toRegExpSource } from '../../../shared/patterns/wildcard';

const pattern = fc.array(fc.constantFrom('a', 'b', '/', '*', '?', ' '), { maxLength: 6 }).map((xs) => xs.join(''));
const input = fc.array(fc.constantFrom('a', 'b', '/', ' ', 'c', '\n'), { maxLength: 7 }).map((xs) => xs.join(''));

describe('analysis: automata from the canonical pattern form', () => {
  it('the NFA accepts exactly what the matcher matches', () => {
    const cache = new AutomataCache(ANY_UNIT);
    fc.assert(
      fc.property(pattern, input, (p, s) => {
        const w = opencodePattern(p);
        assert.strictEqual(cache.nfa({ kind: 'one', w }).test(unitsOf(s)), matches(compile(w), s));
      }),
      { numRuns: 2000, seed: 1 },
    );
  });

  it('the NFA agrees with toRegExpSource, and refa reads that regex to the same language', () => {
    const cache = new AutomataCache(ANY_UNIT);
    fc.assert(
      fc.property(pattern, input, (p, s) => {
        const w = opencodePattern(p);
        const source = toRegExpSource(w);
        assert.strictEqual(cache.nfa({ kind: 'one', w }).test(unitsOf(s)), new RegExp(source, 's').test(s), `${p} on ${JSON.stringify(s)}`);
        // The same text through refa's own parser: every shortest word it yields is ours too.
        const core = source.slice(1, -1);
        const { expression, maxCharacter } = JS.Parser.fromLiteral({ source: core, flags: 's' }).parse();
        const theirs = NFA.fromRegex(expression, { maxCharacter });
        let n = 0;
        for (const word of theirs.words()) {
          assert.ok(cache.nfa({ kind: 'one', w }).test(word), `${p}: refa word ${JSON.stringify(String.fromCharCode(...word))}`);
          if (++n >= 5) break;
        }
      }),
      { numRuns: 500, seed: 2 },
    );
  });

  it('pairs join action and resource with a separator no code unit can fake', () => {
    const cache = new AutomataCache(ANY_UNIT);
    const l = { kind: 'pair' as const, a: opencodePattern('*'), b: opencodePattern('*') };
    const n = cache.nfa(l);
    assert.ok(n.test(wordOf(l, ['edit', 'x'])));
    assert.ok(n.test(wordOf(l, ['\u0000\uffff', '\uffff'])));
    assert.ok(!n.test(unitsOf('edit\u0000x')), 'no word without the separator');
    assert.ok(!n.test([...wordOf(l, ['a', 'b']), SEP]), 'exactly one separator');
  });

  it('an excluded unit is never part of a word (OpenCode rewrites backslashes)', () => {
    const cache = new AutomataCache(alphabetWithout('\\'));
    const n = cache.nfa({ kind: 'one', w: opencodePattern('a?') });
    assert.ok(n.test(unitsOf('a/')));
    assert.ok(!n.test(unitsOf('a\\')));
  });

  it('coverage by a union is decided; deciders are exact', () => {
    const cache = new AutomataCache(ANY_UNIT);
    const nfa = (p: string) => cache.nfa({ kind: 'one', w: opencodePattern(p) });
    assert.strictEqual(firstUncovered([nfa('s/*'), nfa('s/?*'), nfa('s/')], cache.facts), undefined);
    const ws = firstUncovered([nfa('s/*'), nfa('s/?*')], cache.facts);
    assert.deepStrictEqual(ws && wordFromSet(ws, preferredChars([])), ['s/']);
    const d = deciders([nfa('s/*'), nfa('s/a*'), nfa('s/*'), nfa('*')], cache.facts);
    assert.deepStrictEqual([...d.keys()].sort(), [1, 2]);
  });

  it('overlap keys are a prefix and suffix of every word', () => {
    fc.assert(
      fc.property(pattern, pattern, input, input, (a, b, x, y) => {
        const l = { kind: 'pair' as const, a: opencodePattern(a), b: opencodePattern(b) };
        if (!matches(compile(l.a), x) || !matches(compile(l.b), y)) return;
        const k = languageKeys(l);
        const rendered = `${x}\u0000${y}`;
        assert.ok(rendered.startsWith(k.prefix) && rendered.endsWith(k.suffix), `${JSON.stringify(k)} vs ${JSON.stringify(rendered)}`);
      }),
      { numRuns: 3000, seed: 3 },
    );
  });

  it('overlap keys are the longest common literal ends, with one alternative or several', () => {
    const one = (p: string) => languageKeys({ kind: 'one', w: opencodePattern(p) });
    assert.deepStrictEqual(one('src/*.ts'), { prefix: 'src/', suffix: '.ts' });
    // `git log *` is `git log` or `git log …`: both alternatives start with `git log`, and only the bare one ends with it.
    assert.deepStrictEqual(one('git log *'), { prefix: 'git log', suffix: '' });
    assert.deepStrictEqual(one('docs/a.md'), { prefix: 'docs/a.md', suffix: 'docs/a.md' });
    const pair = (a: string, b: string) => languageKeys({ kind: 'pair', a: opencodePattern(a), b: opencodePattern(b) });
    assert.deepStrictEqual(pair('edit', 'src/*.ts'), { prefix: 'edit\u0000src/', suffix: '.ts' });
    assert.deepStrictEqual(pair('bash', 'npm run *'), { prefix: 'bash\u0000npm run', suffix: '' });
    assert.deepStrictEqual(pair('e*', 'x'), { prefix: 'e', suffix: '\u0000x' });
  });

  it('stand-ins are readable members of the language', () => {
    const w = opencodePattern('secrets/*');
    assert.strictEqual(fills(w)[0], 'secrets/a');
    for (const f of fills(opencodePattern('a?b*c'))) assert.ok(matches(compile(opencodePattern('a?b*c')), f));
  });

  it('the first stand-in alone is the first of the list', () => {
    const piece = fc.constantFrom('a', 'src/', '.env', ' ', '*', '?', '**');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 5 }), fc.array(fc.constantFrom('edit', 'bash', 'read'), { maxLength: 2 }), (xs, known) => {
        const w = opencodePattern(xs.join(''));
        assert.strictEqual(firstFill(w, known), fills(w, known)[0]);
      }),
      { numRuns: 500, seed: 11 },
    );
  });
});
