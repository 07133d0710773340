import * as assert from 'assert';
import fc from 'fast-check';
import { applyEdits } from '../../../server/service/json-edit';
import { lineHunks } from '../../../server/service/text-diff';

describe('server: line hunks of a rewrite', () => {
  it('one hunk per changed stretch, with the lines it removes and adds', () => {
    const before = '{\n  "allow": [\n    "Bash(npm *)",\n    "Bash(git status)"\n  ],\n  "deny": []\n}\n';
    const after = '{\n  "allow": [\n    "Bash(npm test)",\n    "Bash(npm run build)",\n    "Bash(git status)"\n  ],\n  "deny": ["Bash(npm publish)"]\n}\n';
    const hunks = lineHunks(before, after);
    assert.deepStrictEqual(hunks.map((h) => [h.line, h.removed, h.added]), [
      [2, ['    "Bash(npm *)",'], ['    "Bash(npm test)",', '    "Bash(npm run build)",']],
      [5, ['  "deny": []'], ['  "deny": ["Bash(npm publish)"]']],
    ]);
    assert.strictEqual(applyEdits(before, hunks), after);
  });

  it('applying the hunks always gives the new text (CRLF, a missing last newline, empty sides)', () => {
    const text = fc.array(fc.constantFrom('a', 'b', 'c', '', 'a\r'), { maxLength: 12 }).map((ls) => ls.join('\n'));
    fc.assert(fc.property(text, text, (before, after) => {
      const hunks = lineHunks(before, after);
      assert.strictEqual(applyEdits(before, hunks), after);
      if (before === after) assert.deepStrictEqual(hunks, []);
    }), { seed: 42, numRuns: 500 });
  });
});
