import { strict as assert } from 'assert';
import fc from 'fast-check';
import { propertyRuns } from '../../helpers/runs';
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
    // The ends of the ranges that case can change: A and Z, and a letter past ASCII with no ASCII capital near it.
    assert.deepEqual(repeats([['edit', 'a/*', 'allow'], ['edit', 'A/*', 'deny']]), ['case-duplicate 2→1']);
    assert.deepEqual(repeats([['edit', 'z', 'ask'], ['edit', 'Z', 'deny']]), ['case-duplicate 2→1']);
    assert.deepEqual(repeats([['edit', 'é/*', 'allow'], ['edit', 'É/*', 'deny']]), ['case-duplicate 2→1']);
    assert.deepEqual(repeats([['edit', '@[/*', 'allow'], ['edit', '@[/*', 'deny']]), ['duplicate-rule 2→1']);
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

describe('OpenCode repeats: against a plain reading, cold and after edits', () => {
  /** The plain reading: each rule against every earlier one of its scope, by its words. */
  function expected(rules: Array<{ agent: string | null; action: string; resource: string }>): string[] {
    const out: string[] = [];
    rules.forEach((r, i) => {
      const same = (o: typeof r, f: (s: string) => string) => (o.agent === null) === (r.agent === null) && f(o.agent ?? '') === f(r.agent ?? '') && f(o.action) === f(r.action) && f(o.resource) === f(r.resource);
      const before = rules.slice(0, i);
      const exact = before.map((o, j) => (same(o, (s) => s) ? j : -1)).filter((j) => j >= 0);
      if (exact.length) out.push(`duplicate-rule ${i}→${exact[exact.length - 1]}`);
      else {
        const cased = before.findIndex((o) => same(o, (s) => s.toLowerCase()));
        if (cased >= 0) out.push(`case-duplicate ${i}→${cased}`);
      }
    });
    return out;
  }

  it('finds every repeat of a random file, and again after each random edit of it', () => {
    const word = fc.constantFrom('edit', 'Edit', 'read', 'bash', 'é', 'É');
    const resource = fc.constantFrom('docs/*', 'Docs/*', 'src/a', 'SRC/A', '*', 'été/x', 'ÉTÉ/x', '~/n');
    const rule = fc.record({ agent: fc.constantFrom(null, null, 'build', 'Build', ''), action: word, resource, effect: fc.constantFrom('allow', 'ask', 'deny') });
    fc.assert(
      fc.property(fc.array(fc.array(rule, { maxLength: 12 }), { minLength: 1, maxLength: 4 }), (versions) => {
        const path = '/p/repeats-property/opencode.json';
        for (const rules of versions) {
          const top = rules.filter((r) => r.agent === null);
          const byAgent = new Map<string, typeof rules>();
          for (const r of rules) if (r.agent !== null) byAgent.set(r.agent, [...(byAgent.get(r.agent) ?? []), r]);
          const v2 = (rs: typeof rules) => rs.map(({ action, resource, effect }) => ({ action, resource, effect }));
          const text = JSON.stringify({ permissions: v2(top), agent: Object.fromEntries([...byAgent].map(([a, rs]) => [a, { permissions: v2(rs) }])) });
          const rs = parseOpencode({ path, text }, { home: '/h', builtins: false });
          const got = lintOpencode(rs)
            .filter((f) => f.code === 'duplicate-rule' || f.code === 'case-duplicate')
            .map((f) => `${f.code} ${f.data!.rule}→${f.data!.other}`)
            .sort();
          assert.deepEqual(got, expected(rs.rules).sort());
        }
      }),
      { numRuns: propertyRuns(200), seed: 4711 },
    );
  });
});
