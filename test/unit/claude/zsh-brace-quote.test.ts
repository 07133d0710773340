import { strict as assert } from 'assert';
import fc from 'fast-check';
import { BRACE_WITH_QUOTE } from '../../../shared/dialects/claude/shell-screen';
import { propertyRuns } from '../../helpers/runs';

const RUNS = propertyRuns(300);
// Tested on the text with quoted braces blanked (bracesOutsideQuotes); the pattern itself must be linear on any text.
const BRACE_QUOTE = BRACE_WITH_QUOTE;

/** A quote after a `{` with no `}` between them. */
function braceHoldsQuote(s: string): boolean {
  for (let i = s.indexOf('{'); i >= 0; i = s.indexOf('{', i + 1)) {
    for (let j = i + 1; j < s.length && s[j] !== '}'; j++) if (s[j] === '"' || s[j] === "'") return true;
  }
  return false;
}

describe('claude: a brace holding a quote is screened on any text', () => {
  it('finds a quote after an unclosed brace, not after a closed one', () => {
    const cases: Array<[string, boolean]> = [
      ['echo {a,"b"}', true],
      ["echo {'", true],
      ['echo {a} "b"', false],
      ['{{{"', true],
      ['{'.repeat(5000), false],
      ['{'.repeat(5000) + '}"', false],
    ];
    for (const [s, want] of cases) assert.equal(BRACE_QUOTE.test(s), want, s.slice(0, 40));
    fc.assert(fc.property(fc.array(fc.constantFrom('{', '}', '"', "'", 'a', ' '), { maxLength: 30 }).map((a) => a.join('')), (s) => assert.equal(BRACE_QUOTE.test(s), braceHoldsQuote(s), s)), { numRuns: RUNS });
  });
});
