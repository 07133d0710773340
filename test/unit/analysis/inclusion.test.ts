import * as assert from 'assert';
import fc from 'fast-check';
import { opencodePattern, compileOpencode } from '../../../shared/dialects/opencode/pattern';
import { matches } from '../../../shared/patterns/wildcard';
import { patternIncludes } from '../../../shared/analysis/inclusion';
import { meets } from '../../../shared/analysis/witness';

const UNITS = ['a', 'b', '/', 'c'];
const MAX_LEN = 5;

function strings(max: number): string[] {
  const out = [''];
  let layer = [''];
  for (let n = 1; n <= max; n++) {
    layer = layer.flatMap((s) => UNITS.map((u) => s + u));
    out.push(...layer);
  }
  return out;
}
const WORDS = strings(MAX_LEN);
const pattern = fc.array(fc.constantFrom('a', 'b', '/', '*', '?', ' *'), { maxLength: 4 }).map((xs) => xs.join(''));

describe('analysis: direct glob inclusion and constructed meets', () => {
  it('patternIncludes is sound: a claimed inclusion holds for every short word', () => {
    fc.assert(
      fc.property(pattern, pattern, (outer, inner) => {
        if (!patternIncludes(opencodePattern(outer), opencodePattern(inner))) return;
        const o = compileOpencode(outer);
        const i = compileOpencode(inner);
        for (const w of WORDS) if (matches(i, w)) assert.ok(matches(o, w), `${inner} ⊆ ${outer} claimed, but "${w}"`);
      }),
      { numRuns: 2000, seed: 7 },
    );
  });

  it('patternIncludes proves the inclusions the analyser leans on', () => {
    const yes: Array<[string, string]> = [['*', 'secrets/*'], ['git *', 'git *log*'], ['git *status*', 'git status5 *'], ['src/*', 'src/mod1/?*'], ['a?c', 'abc']];
    for (const [o, i] of yes) assert.ok(patternIncludes(opencodePattern(o), opencodePattern(i)), `${i} ⊆ ${o}`);
    assert.ok(!patternIncludes(opencodePattern('git *log*'), opencodePattern('git *')));
  });

  it('every constructed meet is matched by both patterns', () => {
    fc.assert(
      fc.property(pattern, pattern, (a, b) => {
        for (const s of meets(opencodePattern(a), opencodePattern(b))) {
          assert.ok(matches(compileOpencode(a), s) && matches(compileOpencode(b), s), `"${s}" from ${a} ∧ ${b}`);
        }
      }),
      { numRuns: 2000, seed: 11 },
    );
    assert.deepStrictEqual(meets(opencodePattern('git status5 *'), opencodePattern('git *log*')), ['git status5 log']);
  });
});
