import { strict as assert } from 'assert';
import { dialectById } from '../../../shared/dialects';
import { initShellParser } from '../../../shared/host/shell-parser';
import { replayHistory } from '../../../shared/history/replay';
import type { HistoryEntry } from '../../../shared/history/types';

const entry = (tool: string, subject: Partial<HistoryEntry['call']>, outcome: HistoryEntry['call']['outcome'] = 'approved', count = 1): HistoryEntry => ({
  call: { format: 'claude-session', tool, ...subject, outcome },
  count,
  firstSeen: null,
  lastSeen: '2026-11-30T00:00:00Z',
  redacted: false,
  formats: ['claude-session'],
});

describe('history: replay across dialects', () => {
  before(() => initShellParser());

  it('omp: shell commands judged by patterns, counted per prefix; other tools by tier', () => {
    const omp = dialectById('omp')!;
    const before = omp.parse({ path: '/p/.omp/config.json', text: JSON.stringify({ bash: { patterns: [{ match: 'printf *', approval: 'allow' }, { match: '*', approval: 'prompt' }] } }) }, {});
    const after = omp.parse({ path: '/p/.omp/config.json', text: JSON.stringify({ bash: { patterns: [{ match: 'printf ok', approval: 'allow' }, { match: 'printf *', approval: 'deny' }, { match: '*', approval: 'prompt' }] } }) }, {});
    const r = replayHistory(omp, before, after, [entry('Bash', { command: 'printf ok' }, 'approved', 4), entry('Bash', { command: 'printf secret' }, 'approved', 2), entry('Bash', { command: 'ls' }), entry('Read', { path: '/p/a' })], {});
    assert.equal(r.distinct, 4);
    assert.equal(r.calls, 8);
    assert.deepEqual(r.flips.map((f) => [f.kind, f.describe, f.before, f.after, f.count]), [['newly denied', omp.describeRequest({ command: 'printf secret' }), 'allow', 'deny', 2]]);
    assert.deepEqual(r.groups['newly denied'], { 'Bash(printf secret)': 2 });
  });

  it('claude: an observed denial the candidate allows is counted apart', () => {
    const claude = dialectById('claude')!;
    const parse = (allow: string[]) => claude.parse({ path: '/p/.claude/settings.json', text: JSON.stringify({ permissions: { allow } }) }, {});
    const r = replayHistory(claude, parse([]), parse(['Bash(npm *)']), [entry('Bash', { command: 'npm publish' }, 'denied', 3), entry('Bash', { command: 'npm test' }, 'approved', 5), entry('Bash', { command: 'ls' }, 'unknown')], {});
    assert.deepEqual(r.totals, { 'newly denied': 0, 'newly asked': 0, 'newly allowed': 8 });
    assert.equal(r.deniedThenAllowed, 3);
    assert.deepEqual(r.groups['newly allowed'], { 'Bash(npm publish)': 3, 'Bash(npm test)': 5 });
  });

  it('bounds rules do not judge tool calls: every call is skipped with the reason', () => {
    const bounds = dialectById('bounds-rules')!;
    const rs = bounds.parse({ path: '/p/.attesso/rules.json', text: '{"rules": []}' }, {});
    const r = replayHistory(bounds, rs, rs, [entry('Bash', { command: 'ls' })], {});
    assert.equal(r.distinct, 0);
    assert.match(r.skipped[0].reason, /do not judge agent tool calls/);
  });
});
