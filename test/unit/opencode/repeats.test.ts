import { strict as assert } from 'assert';
import { lintOpencode } from '../../../shared/dialects/opencode/lint';
import { parseOpencode } from '../../../shared/dialects/opencode/parse';

/** The repeat findings of a V2 file's rules, as `code rule→other` (1-based). */
function repeats(rules: Array<[string, string, string]>, path = '/p/opencode.json'): string[] {
  const text = JSON.stringify({ permissions: rules.map(([action, resource, effect]) => ({ action, resource, effect })) });
  const rs = parseOpencode({ path, text }, { home: '/h', builtins: false });
  return lintOpencode(rs)
    .filter((f) => f.code === 'duplicate-rule' || f.code === 'case-duplicate')
    .map((f) => `${f.code} ${(f.data!.rule as number) + 1}→${(f.data!.other as number) + 1}`);
}

describe('OpenCode: rules that repeat an earlier one', () => {
  it('the same action and pattern again is a duplicate of the last earlier one', () => {
    assert.deepEqual(repeats([['edit', 'docs/*', 'allow'], ['edit', 'docs/*', 'deny'], ['read', 'docs/*', 'deny'], ['edit', 'docs/*', 'ask']]), ['duplicate-rule 2→1', 'duplicate-rule 4→2']);
  });

  it('alike but for case, in ASCII or past it, is a case duplicate of the first', () => {
    assert.deepEqual(repeats([['edit', 'Docs/*', 'allow'], ['edit', 'docs/*', 'deny'], ['edit', 'DOCS/*', 'ask']]), ['case-duplicate 2→1', 'case-duplicate 3→1']);
    assert.deepEqual(repeats([['edit', 'été/*', 'allow'], ['edit', 'ÉTÉ/*', 'deny']]), ['case-duplicate 2→1']);
    assert.deepEqual(repeats([['Edit', 'docs/*', 'allow'], ['edit', 'docs/*', 'deny']]), ['case-duplicate 2→1']);
  });

  it('nothing lower case could change: only exact repeats, none for other patterns', () => {
    assert.deepEqual(repeats([['edit', 'docs/*', 'allow'], ['edit', 'docs/**', 'deny'], ['edit', 'src/*', 'deny']]), []);
  });

  it('an edit that adds a capital is read afresh, not from the last result of the file', () => {
    const path = '/p/again/opencode.json';
    assert.deepEqual(repeats([['edit', 'docs/*', 'allow'], ['edit', 'src/*', 'deny']], path), []);
    assert.deepEqual(repeats([['edit', 'docs/*', 'allow'], ['edit', 'Docs/*', 'deny']], path), ['case-duplicate 2→1']);
  });
});
