import { strict as assert } from 'assert';
import { evaluateClaude, initShellParser, parseClaude } from '../../../shared/dialects/claude';

/*
 * Claude Code 2.1.x knows a `PowerShell` tool (its binary registers `PowerShellTool` and its own
 * permission helpers build `PowerShell(<pattern>)` rules next to `Bash(<pattern>)` ones), so such
 * rules are valid. Their command matching is not modelled: the stricter answer every time.
 */
const parse = (permissions: object) => parseClaude({ path: '/proj/.claude/settings.json', text: JSON.stringify({ permissions }) }, { home: '/home/u' });

describe('claude: PowerShell rules', () => {
  before(initShellParser);

  it('are accepted, not unknown tools', () => {
    const rs = parse({ allow: ['PowerShell(Get-ChildItem *)', 'PowerShell'], deny: ['PowerShell(Remove-Item *)'] });
    assert.deepEqual(rs.findings.filter((f) => f.code === 'schema'), []);
    assert.equal(rs.rules.length, 3);
  });

  it('a specifier allow never auto-allows a call (unmodelled matching asks)', () => {
    const rs = parse({ allow: ['PowerShell(Get-ChildItem *)'] });
    assert.equal(evaluateClaude(rs, { tool: 'PowerShell', command: 'Get-ChildItem x' }).decision, 'ask');
    assert.equal(evaluateClaude(rs, { tool: 'PowerShell', command: 'Get-ChildItem x; Remove-Item -Recurse C:\\' }).decision, 'ask');
  });

  it('a specifier deny takes every PowerShell call; a bare rule is exact', () => {
    const rs = parse({ deny: ['PowerShell(Remove-Item *)'], allow: ['PowerShell'] });
    assert.equal(evaluateClaude(rs, { tool: 'PowerShell', command: 'Get-Process' }).decision, 'deny');
    assert.equal(evaluateClaude(parse({ allow: ['PowerShell'] }), { tool: 'PowerShell', command: 'Get-Process' }).decision, 'allow');
    // Bash rules say nothing about PowerShell calls, and the other way round.
    assert.equal(evaluateClaude(parse({ allow: ['Bash(ls *)'] }), { tool: 'PowerShell', command: 'ls x' }).decision, 'ask');
  });
});
