import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';

/** Every id in the lint catalog (spec/lints.md) plus the analyser's own and the JSON layer's. */
const IDS = [
  'shadowed-deny', 'overridden-deny', 'dead-rule', 'broad-catch-all', 'unwindowed-taint', 'empty-resources',
  'exact-command-pattern', 'literal-glob-syntax', 'never-matches', 'allow-runs-anything', 'case-duplicate',
  'duplicate-rule', 'duplicate-id', 'schema', 'request-invalid', 'request-failed', 'duplicate-key', 'analysis-budget', 'decision-flip', 'critical-not-prompted',
  'unreadable-file', 'comment-hides-command', 'cross-tool-bypass', 'deny-narrower-than-it-looks', 'bypass-mode-committed',
  'codex-requirements-invalid', 'codex-no-rules', 'hook-dependent',
];
const DIR = path.join(__dirname, '..', '..', '..', 'docs', 'lints');

describe('analysis: docs/lints pages', () => {
  for (const id of IDS) {
    it(`${id}.md exists with a title, default, dialects, example and fix`, () => {
      const text = fs.readFileSync(path.join(DIR, `${id}.md`), 'utf8');
      assert.ok(text.startsWith(`# \`${id}\``), 'title');
      assert.match(text, /\*\*Default:\*\* (error|warning|information)/);
      assert.match(text, /\*\*Dialects:\*\*/);
      assert.match(text, /## Example/);
      assert.match(text, /## Fix/);
    });
  }
});
