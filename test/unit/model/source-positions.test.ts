import { strict as assert } from 'assert';
import fc from 'fast-check';
import { SourceText } from '../../../shared/model';
import { propertyRuns } from '../../helpers/runs';

/** Line and character by walking the text from its start: the slow, obvious answer. */
function naive(text: string, offset: number) {
  const o = Math.max(0, Math.min(offset, text.length));
  let line = 0;
  let start = 0;
  for (let i = 0; i < o; i++) {
    const c = text[i];
    if (c === '\r' && text[i + 1] === '\n' && i + 1 < o) continue;
    if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') continue;
      line++;
      start = i + 1;
    }
  }
  // An offset between \r and \n sits on the line the \r\n ends.
  return { line, character: o - start };
}

describe('SourceText: positions asked for in any order', () => {
  it('match a walk from the start, whether asked in document order, backwards or at random', () => {
    const text = fc.array(fc.constantFrom('a', 'bc', '\n', '\r\n', '\r', '\n\n', ''), { maxLength: 40 }).map((xs) => xs.join(''));
    fc.assert(
      fc.property(text, fc.array(fc.integer({ min: -2, max: 90 }), { maxLength: 30 }), fc.constantFrom('random', 'sorted', 'reversed'), (t, offsets, order) => {
        const s = new SourceText(t);
        const asked = order === 'random' ? offsets : [...offsets].sort((a, b) => (order === 'sorted' ? a - b : b - a));
        for (const o of asked) assert.deepEqual(s.positionAt(o), naive(t, o), `offset ${o} in ${JSON.stringify(t)}`);
      }),
      { numRuns: propertyRuns(300), seed: 1719 },
    );
  });

  it('match it for texts whose lines end with \\n alone (the quick line scan)', () => {
    const text = fc.array(fc.constantFrom('a', 'bc', '\n', '\n\n', ''), { maxLength: 40 }).map((xs) => xs.join(''));
    fc.assert(
      fc.property(text, fc.array(fc.integer({ min: -2, max: 90 }), { maxLength: 30 }), (t, offsets) => {
        const s = new SourceText(t);
        for (const o of offsets) assert.deepEqual(s.positionAt(o), naive(t, o), `offset ${o} in ${JSON.stringify(t)}`);
        assert.equal(s.lineCount, t.split('\n').length);
      }),
      { numRuns: propertyRuns(300), seed: 1720 },
    );
  });
});
