import * as assert from 'assert';
import { MAX_WALKED_WILDCARDS } from '../../../shared/analysis/classes';
import { Deadline } from '../../../shared/analysis/budget';
import { omp, type OmpRuleSet } from '../../../shared/dialects/omp';

const config = (patterns: Array<[string, string]>): OmpRuleSet =>
  omp.parse({ path: '/p/.omp/config.json', text: JSON.stringify({ tools: { approvalMode: 'always-ask' }, bash: { patterns: patterns.map(([match, approval]) => ({ match, approval })) } }) });
/** A clock that never moves: only the pattern limit can stop the search. */
const still = () => new Deadline(1_000, () => 0);

describe('omp: a pattern too large to walk is reported as not searched', () => {
  it('200 stars: the classes are not walked, the gap names the pattern, its own words are still decided', () => {
    const hostile = `${'*a'.repeat(200)}b`;
    const r = omp.witnesses!.flips(config([['git status', 'allow'], [hostile, 'allow']]), config([['git status', 'allow'], [hostile, 'deny']]), [], { deadline: still() });
    const gaps = r.unsearched ?? [];
    assert.strictEqual(gaps.length, 1, gaps.join('\n'));
    assert.match(gaps[0], /^bash\(\*a\*a.*…\): its pattern has 200 wildcards \(more than 16\)/);
    assert.ok(r.flips.some((f) => f.before === 'allow' && f.after === 'deny'));
  });

  it('a pattern at the limit is walked', () => {
    const p = `${'*a'.repeat(MAX_WALKED_WILDCARDS)}b`;
    const r = omp.witnesses!.flips(config([[p, 'allow']]), config([[p, 'deny']]), [], { deadline: still() });
    assert.deepStrictEqual(r.unsearched, []);
  });
});
