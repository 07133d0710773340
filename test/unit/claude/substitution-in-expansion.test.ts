import { strict as assert } from 'assert';
import fc from 'fast-check';
import { screenCommand, SUBSTITUTION_IN_EXPANSION } from '../../../shared/dialects/claude/shell-screen';
import { cpuMsOf, median, withinFactor } from '../../helpers/cpu-ratio';
import { propertyRuns } from '../../helpers/runs';

const RUNS = propertyRuns(300);
/** Repetitions of the text that made the old form quadratic, and how much twice that may cost. */
const HOSTILE_REPEATS = 20_000;
const DOUBLING_FACTOR = 2.5;
/** Measured runs per size; the median counts. */
const REPS = 3;

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

  it(`twice as many \${ costs at most ${DOUBLING_FACTOR}× (CPU time, one run)`, async () => {
    const once = '${'.repeat(HOSTILE_REPEATS);
    const twice = '${'.repeat(2 * HOSTILE_REPEATS);
    const small: number[] = [];
    const big: number[] = [];
    for (let r = 0; r < REPS; r++) {
      small.push(await cpuMsOf(() => SUBSTITUTION_IN_EXPANSION.test(once)));
      big.push(await cpuMsOf(() => SUBSTITUTION_IN_EXPANSION.test(twice)));
    }
    const v = withinFactor(`${2 * HOSTILE_REPEATS} vs ${HOSTILE_REPEATS} times \${`, median(big), median(small), DOUBLING_FACTOR);
    assert.ok(v.ok, v.text);
  });
});
