import { strict as assert } from 'assert';
import fc from 'fast-check';
import { initShellParser, lintClaude, parseClaude } from '../../../shared/dialects/claude';
import { propertyRuns } from '../../helpers/runs';

/*
 * Within a tier Claude Code never looks at the order (deny > ask > allow, any matching rule of the
 * tier gives the same answer), so whether a rule is reported redundant must not depend on where it
 * sits in its list — except for two rules that match exactly the same commands, where one of them
 * (the later) is reported.
 */

type Perms = { deny?: string[]; ask?: string[]; allow?: string[] };

function deadTexts(perms: Perms): string[] {
  const rs = parseClaude({ path: '/proj/.claude/settings.json', text: JSON.stringify({ permissions: perms }) });
  return lintClaude(rs)
    .filter((f) => f.code === 'dead-rule')
    .map((f) => `${rs.rules[f.data!.ruleIndex as number].tier} ${rs.rules[f.data!.ruleIndex as number].text}`)
    .sort();
}

describe('claude dead-rule: independent of the order inside a tier', () => {
  before(initShellParser);

  it('a narrow allow before or after the broad one is redundant either way', () => {
    const expected = ['allow Bash(git log *)'];
    assert.deepEqual(deadTexts({ allow: ['Bash(git log *)', 'Bash(git *)'] }), expected);
    assert.deepEqual(deadTexts({ allow: ['Bash(git *)', 'Bash(git log *)'] }), expected);
  });

  it('the same for asks, denies, hosts and paths', () => {
    for (const [narrow, broad, tier] of [
      ['Bash(npm publish *)', 'Bash(npm *)', 'ask'],
      ['Bash(rm -rf *)', 'Bash(rm *)', 'deny'],
      ['WebFetch(domain:api.github.com)', 'WebFetch(domain:*.github.com)', 'allow'],
      ['Read(./docs/a.md)', 'Read(./docs/**)', 'allow'],
    ] as const) {
      const want = [`${tier} ${narrow}`];
      assert.deepEqual(deadTexts({ [tier]: [narrow, broad] }), want, `${narrow} first`);
      assert.deepEqual(deadTexts({ [tier]: [broad, narrow] }), want, `${broad} first`);
    }
  });

  it('of two rules that match the same commands, the later one is reported', () => {
    // `git:*` and `git *` both take `git` and `git …`.
    assert.deepEqual(deadTexts({ allow: ['Bash(git:*)', 'Bash(git *)'] }), ['allow Bash(git *)']);
    assert.deepEqual(deadTexts({ allow: ['Bash(git *)', 'Bash(git:*)'] }), ['allow Bash(git:*)']);
  });

  it('rules that only overlap are both kept', () => {
    assert.deepEqual(deadTexts({ allow: ['Bash(git * main)', 'Bash(git push *)'] }), []);
  });

  it('shuffling a tier never changes which rules are redundant (no two of these are equivalent)', function () {
    this.timeout(120_000);
    const pool = ['Bash(git *)', 'Bash(git log *)', 'Bash(git log --oneline)', 'Bash(npm run *)', 'Bash(npm run test)', 'Bash(ls)', 'Bash(ls *)', 'Bash(* --help)', 'Bash(git status)'];
    fc.assert(
      fc.property(fc.shuffledSubarray(pool, { minLength: 2 }), fc.integer({ min: 0, max: 1000 }), (rules, seed) => {
        const shuffled = [...rules].sort((a, b) => ((a.length * 31 + seed) % 7) - ((b.length * 31 + seed) % 7) || a.localeCompare(b));
        assert.deepEqual(deadTexts({ allow: shuffled }), deadTexts({ allow: rules }), `${JSON.stringify(rules)} vs ${JSON.stringify(shuffled)}`);
      }),
      { numRuns: propertyRuns(60), seed: 20261130 },
    );
  });
});
