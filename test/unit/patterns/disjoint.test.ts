import * as assert from 'assert';
import fc from 'fast-check';
import { opencodePattern } from '../../../shared/dialects/opencode/pattern';
import { provablyDisjoint } from '../../../shared/patterns/disjoint';
import { compile, matches } from '../../../shared/patterns/wildcard';
import { strings } from '../../helpers/brute-force';
import { propertyRuns } from '../../helpers/runs';

const UNITS = ['a', 'b', '/'];
const WORDS = strings(UNITS, 5);

describe('patterns: provably disjoint', () => {
  it('tells apart patterns by a fixed beginning or ending, and never patterns that meet', () => {
    const d = (a: string, b: string) => provablyDisjoint(opencodePattern(a), opencodePattern(b));
    assert.strictEqual(d('area1/*', 'area2/*'), true);
    assert.strictEqual(d('*.env', '*.md'), true);
    assert.strictEqual(d('src/a', 'src/b'), true);
    assert.strictEqual(d('src/*', 'src/a/b'), false);
    assert.strictEqual(d('*', 'anything'), false);
    assert.strictEqual(d('a*', '*b'), false);
    assert.strictEqual(d('area1/*', 'area10/*'), true);
    assert.strictEqual(d('area1*', 'area10/*'), false);
  });

  it('is sound: a pair it calls disjoint has no common word (brute force over short words)', () => {
    const pattern = fc.array(fc.constantFrom('a', 'b', '/', '*', '?'), { maxLength: 4 }).map((cs) => cs.join(''));
    fc.assert(
      fc.property(pattern, pattern, (x, y) => {
        if (!provablyDisjoint(opencodePattern(x), opencodePattern(y))) return;
        const [mx, my] = [compile(opencodePattern(x)), compile(opencodePattern(y))];
        const common = WORDS.find((w) => matches(mx, w) && matches(my, w));
        assert.strictEqual(common, undefined, `"${x}" and "${y}" both match "${common}"`);
      }),
      { numRuns: propertyRuns(2000) },
    );
  });
});
