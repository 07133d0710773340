import { strict as assert } from 'assert';
import { initShellParser, lintClaude, parseClaude } from '../../../shared/dialects/claude';
import { Deadline } from '../../../shared/analysis/budget';

const parse = (permissions: unknown) => parseClaude({ path: '/proj/.claude/settings.json', text: JSON.stringify({ permissions }) });

describe('claude lints: the per-file analysis budget', () => {
  before(initShellParser);
  const rs = parse({ allow: ['Bash(git:*)', 'Bash(git status)', 'Bash(npm run build)'], deny: ['Bash(git push:*)'] });

  it('within the budget, the automata checks run (a saved approval under a prefix rule is dead)', () => {
    const codes = lintClaude(rs).map((f) => f.code);
    assert.ok(codes.includes('dead-rule'));
    assert.ok(!codes.includes('analysis-budget'));
  });

  it('past the budget, makes no automata claim and ends in one analysis-budget notice naming the rules left', () => {
    const fs = lintClaude(rs, { deadline: new Deadline(-1) });
    assert.ok(!fs.some((f) => f.code === 'dead-rule' || f.code === 'broad-catch-all'));
    const budget = fs.filter((f) => f.code === 'analysis-budget');
    assert.equal(budget.length, 1);
    assert.equal(budget[0].data?.count, 4);
    assert.match(budget[0].message, /no claim is made/);
  });
});
