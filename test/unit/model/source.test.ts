import { strict as assert } from 'assert';
import { SourceText } from '../../../shared/model';
import { parseJson } from '../../../shared/json/tree';

describe('model: source positions', () => {
  it('maps offsets across LF, CRLF and CR line ends', () => {
    const s = new SourceText('a\r\nbc\nd\re');
    assert.deepEqual(s.positionAt(3), { line: 1, character: 0 });
    assert.deepEqual(s.positionAt(5), { line: 1, character: 2 });
    assert.deepEqual(s.positionAt(6), { line: 2, character: 0 });
    assert.deepEqual(s.positionAt(8), { line: 3, character: 0 });
    assert.equal(s.offsetAt({ line: 2, character: 0 }), 6);
  });
  it('a BOM does not shift ranges', () => {
    const d = parseJson('\ufeff{"a": [}');
    assert.equal(d.findings[0].range.start.character, 8);
  });
  it('refuses absurd nesting without a stack overflow', () => {
    const d = parseJson('['.repeat(100_000) + ']'.repeat(100_000));
    assert.ok(d.findings.some((f) => /nesting deeper/.test(f.message)));
  });
});
