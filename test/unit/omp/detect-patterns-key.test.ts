import { strict as assert } from 'assert';
import fc from 'fast-check';
import { detectOmp } from '../../../shared/dialects/omp/detect';
import { propertyRuns } from '../../helpers/runs';

const RUNS = propertyRuns(300);
const isSpace = (c: string | undefined) => c !== undefined && /\s/.test(c);
const isLineStart = (t: string, at: number) => at === 0 || '\n\r\u2028\u2029'.includes(t[at - 1]);

/** `patterns:` after at least one whitespace character (line ends too) that a line starts at or before. */
function indentedPatternsKey(t: string): boolean {
  for (let p = t.indexOf('patterns'); p >= 0; p = t.indexOf('patterns', p + 1)) {
    let i = p + 'patterns'.length;
    while (isSpace(t[i])) i++;
    if (t[i] !== ':') continue;
    for (let q = p - 1; q >= 0 && isSpace(t[q]); q--) if (isLineStart(t, q)) return true;
  }
  return false;
}

describe('omp: a YAML file under a bash: key is detected by an indented patterns: key', () => {
  it('finds the key after any whitespace a line starts in', () => {
    const score = (body: string) => detectOmp({ path: 'settings.yml', text: `bash:\n${body}` });
    const cases: Array<[string, boolean]> = [
      ['  patterns:\n    - x', true],
      ['\tpatterns :', true],
      ['patterns:', false],
      ['\npatterns:', true],
      ['x patterns:', false],
      ['\n'.repeat(5000) + 'x', false],
      [' '.repeat(5000) + 'x', false],
    ];
    for (const [body, want] of cases) assert.equal(score(body), want ? 7 : 0, JSON.stringify(body.slice(0, 40)));
    fc.assert(
      fc.property(fc.array(fc.constantFrom('patterns', ':', 'x', ' ', '\t', '\n', '\r', '\r\n', '\u2028', '\u00a0'), { maxLength: 24 }).map((a) => a.join('')), (body) => {
        assert.equal(score(body), indentedPatternsKey(`bash:\n${body}`) ? 7 : 0, JSON.stringify(body));
      }),
      { numRuns: RUNS },
    );
  });
});
