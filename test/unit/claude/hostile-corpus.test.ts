import { strict as assert } from 'assert';
import { evaluateClaude, initShellParser, parseClaude } from '../../../shared/dialects/claude';
import { hostileRows, STRICTNESS } from '../../fixtures/claude/hostile-shell';

describe('claude: hostile-shell corpus (0 wrong allows)', () => {
  before(() => initShellParser());
  const rows = hostileRows();

  it('covers the classic bypasses (more than 120 lines)', () => assert.ok(rows.length > 120, String(rows.length)));

  it('no line gets a decision more permissive than its line allows', () => {
    const wrong: string[] = [];
    for (const row of rows) {
      const rs = parseClaude({ path: '/proj/.claude/settings.json', text: JSON.stringify(row.settings) }, { root: '/proj', home: '/home/u' });
      const v = evaluateClaude(rs, { tool: 'Bash', command: row.command }, { root: '/proj', home: '/home/u' });
      if (STRICTNESS[v.decision] < STRICTNESS[row.max]) wrong.push(`${JSON.stringify(row.command.slice(0, 80))} → ${v.decision}, at most ${row.max} (${row.why}): ${v.trace.branch}`);
    }
    assert.deepEqual(wrong, []);
  });
});
