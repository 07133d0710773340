import { strict as assert } from 'assert';
import fc from 'fast-check';
import { screenCommand, SUBSTITUTION_IN_EXPANSION } from '../../../shared/dialects/claude/shell-screen';
import { compareCpu, GROWTH_FACTOR, SPREAD } from '../../helpers/cpu-ratio';
import { propertyRuns } from '../../helpers/runs';

const RUNS = propertyRuns(300);
/**
 * Repetitions of the text that made the old form quadratic (the small size; the big one is `SPREAD`
 * times it: the old form took seconds there, the linear one well under the floor).
 */
const HOSTILE_REPEATS = 5_000;

/** A `${` followed, before any `}`, by `$(` or a backtick: the plain reading of the screen. */
function substitutionInExpansion(s: string): boolean {
  for (let i = s.indexOf('${'); i >= 0; i = s.indexOf('${', i + 1)) {
    for (let j = i + 2; j < s.length && s[j] !== '}'; j++) if (s[j] === '`' || (s[j] === '$' && s[j + 1] === '(')) return true;
  }
  return false;
}

describe('claude: a command substitution inside ${…} is screened on any text, in linear time', () => {
  it('finds $( or a backtick after an unclosed ${, not after a closed one', () => {
    const cases: Array<[string, boolean]> = [
      ['echo ${x:-$(id)}', true],
      ['echo ${x:-`id`}', true],
      ['echo ${x} $(id)', false],
      ['echo $x $(id)', false],
      ['echo ${a${b$(', true],
      ['echo ${a$$(id)', true],
      ['echo ${a$x`', true],
      ['echo ${a$', false],
      ['${'.repeat(5000), false],
      ['${'.repeat(5000) + '}$(', false],
      ['${'.repeat(5000) + '$(', true],
      ['${$'.repeat(5000), false],
    ];
    for (const [s, want] of cases) assert.equal(SUBSTITUTION_IN_EXPANSION.test(s), want, s.slice(0, 40));
    const text = fc.array(fc.constantFrom('$', '{', '}', '(', '`', 'a', ' '), { maxLength: 30 }).map((a) => a.join(''));
    fc.assert(fc.property(text, (s) => assert.equal(SUBSTITUTION_IN_EXPANSION.test(s), substitutionInExpansion(s), s)), { numRuns: RUNS });
  });

  it('the screen asks first on it', () => {
    assert.ok(screenCommand('echo ${x:-$(id)}').asksFirst.some((a) => a.why.includes('${…}')));
    assert.ok(!screenCommand('echo ${x} $(id)').asksFirst.some((a) => a.why.includes('${…}')));
  });

  it(`${SPREAD}× as many \${ costs at most ${GROWTH_FACTOR}× (CPU time, one run)`, async () => {
    const once = '${'.repeat(HOSTILE_REPEATS);
    const more = '${'.repeat(SPREAD * HOSTILE_REPEATS);
    const v = await compareCpu(`${SPREAD * HOSTILE_REPEATS} vs ${HOSTILE_REPEATS} times \${`, () => SUBSTITUTION_IN_EXPANSION.test(once), () => SUBSTITUTION_IN_EXPANSION.test(more), GROWTH_FACTOR);
    assert.ok(v.ok, v.text);
  });
});
