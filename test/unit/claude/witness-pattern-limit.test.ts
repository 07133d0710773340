import * as assert from 'assert';
import { MAX_WALKED_WILDCARDS } from '../../../shared/analysis/classes';
import { Deadline } from '../../../shared/analysis/budget';
import { claude, initShellParser, type ClaudeRuleSet } from '../../../shared/dialects/claude';

const CTX = { root: '/p', home: '/h' };
const settings = (permissions: Record<string, unknown>): ClaudeRuleSet => claude.parse({ path: '/p/.claude/settings.json', text: JSON.stringify({ permissions }) }, CTX);
/** A clock that never moves: only the pattern limit can stop the search. */
const still = () => new Deadline(1_000, () => 0);

describe('claude: a Bash pattern too large to walk is reported as not searched', () => {
  before(async () => {
    await initShellParser();
  });

  it('200 stars: the classes are not walked, the gap names the rule, realistic candidates are still decided', () => {
    const hostile = `${'*a'.repeat(200)}b`;
    const r = claude.witnesses!.flips(settings({ allow: ['Bash(git status)', `Bash(${hostile})`] }), settings({ allow: ['Bash(git status)'], deny: [`Bash(${hostile})`] }), [], { ctx: CTX, deadline: still() });
    const gaps = r.unsearched ?? [];
    assert.strictEqual(gaps.length, 1, gaps.join('\n'));
    assert.match(gaps[0], /^Bash\(\*a\*a.*…\): its pattern has 200 wildcards \(more than 16\)/);
    assert.ok(r.flips.some((f) => f.before === 'allow' && f.after === 'deny'), 'the rule\'s own words are still tried');
  });

  it('a pattern at the limit is walked', () => {
    const p = `${'*a'.repeat(MAX_WALKED_WILDCARDS)}b`;
    const r = claude.witnesses!.flips(settings({ allow: [`Bash(${p})`] }), settings({ deny: [`Bash(${p})`] }), [], { ctx: CTX, deadline: still() });
    assert.deepStrictEqual(r.unsearched, []);
  });
});
