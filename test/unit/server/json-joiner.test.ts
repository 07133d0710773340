import { strict as assert } from 'assert';
import fc from 'fast-check';
import { joinerOf, parseRoot } from '../../../server/service/json-edit';
import { propertyRuns } from '../../helpers/runs';

const RUNS = propertyRuns(300);

/** The comma, then after the spaces (not line feeds) up to a line feed: that line feed and the indent after it. */
function joinerReference(between: string): string {
  const comma = between.indexOf(',');
  if (comma < 0) return ', ';
  let i = comma + 1;
  while (i < between.length && between[i] !== '\n' && /\s/.test(between[i])) i++;
  if (between[i] !== '\n') return ', ';
  let j = i + 1;
  while (between[j] === ' ' || between[j] === '\t') j++;
  return `,${between.slice(i, j)}`;
}

describe('json edit: an appended element copies the separator between the last two', () => {
  it('takes the line feed and indent after the comma; a carriage return before it stays behind', () => {
    const joiner = (sep: string) => {
      const text = `[1${sep}2]`;
      return joinerOf(parseRoot(text)!.children!, text);
    };
    assert.equal(joiner(',\n    '), ',\n    ');
    assert.equal(joiner(', '), ', ');
    assert.equal(joiner(',\r\n  '), ',\n  ');
    assert.equal(joiner(' ,\t\n\t'), ',\n\t');
    fc.assert(
      fc.property(fc.array(fc.constantFrom(' ', '\t', '\r', '\n', '\r\n', '\u00a0'), { maxLength: 8 }), fc.array(fc.constantFrom(' ', '\t', '\r', '\n'), { maxLength: 8 }), (before, after) => {
        const sep = `${before.join('')},${after.join('')}`;
        assert.equal(joiner(sep), joinerReference(sep), JSON.stringify(sep));
      }),
      { numRuns: RUNS },
    );
  });
});
