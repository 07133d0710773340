import { strict as assert } from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { cli } from './helpers';

const toolUse = (id: string, command: string) => JSON.stringify({ type: 'assistant', cwd: '/p', sessionId: 's', timestamp: '2026-11-01T10:00:00Z', message: { content: [{ type: 'tool_use', id, name: 'Bash', input: { command } }] } });
const result = (id: string, denied: boolean) => JSON.stringify({ type: 'user', cwd: '/p', sessionId: 's', message: { content: [{ type: 'tool_result', tool_use_id: id, content: denied ? "The user doesn't want to proceed with this tool use." : 'ok', is_error: denied }] } });

/** Claude Code settings and a session of what the agent ran (true: the user refused it). */
function project(calls: Array<[string, boolean]>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rulelens-replay-now-'));
  fs.mkdirSync(path.join(dir, '.claude'));
  fs.writeFileSync(path.join(dir, '.claude', 'settings.json'), JSON.stringify({ permissions: { allow: ['Bash(npm test)', 'Bash(git push *)'], deny: ['Bash(rm *)'] } }));
  fs.writeFileSync(path.join(dir, 'session.jsonl'), calls.flatMap(([c, d], i) => [toolUse(`t${i}`, c), result(`t${i}`, d)]).join('\n') + '\n');
  return dir;
}

describe('cli: replay RULEFILE --history PATH under the current rules', () => {
  const calls: Array<[string, boolean]> = [['npm test', false], ['npm test', false], ['git push origin main', true], ['rm -rf dist', false], ['curl https://example.com', false]];

  it('without --rules or --base: every call decided today, counted per decision, exit 0', () => {
    const dir = project(calls);
    const r = cli(['replay', '.claude/settings.json', '--history', 'session.jsonl'], { cwd: dir });
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /^\.claude\/settings\.json \(claude\) today, over 5 calls \(4 distinct\) from 1 history file: 1 ask, 1 deny, 3 allow\n/);
    assert.match(r.stdout, /\n {2}ask: 1 call \(1 distinct\)\n {4}by prefix: Bash\(curl\) ×1\n {4}Bash\(curl https:\/\/example\.com\) \(no rule: the default\) ×1\n/);
    assert.match(r.stdout, /\n {2}deny: 1 call .*\n.*\n {4}Bash\(rm -rf dist\) \(rule \d+: Bash\(rm \*\) deny\) ×1\n/);
    assert.match(r.stdout, /Bash\(npm test\) \(rule \d+: Bash\(npm test\) allow\) ×2/);
    assert.match(r.stdout, /warning: 1 call that was denied when it ran would be allowed today/);
    assert.match(r.stdout, /1 call that was approved when it ran would be denied today/);
  });

  it('--format json: totals, groups and every decision', () => {
    const dir = project(calls);
    const j = JSON.parse(cli(['replay', '.claude/settings.json', '--history', 'session.jsonl', '--format', 'json'], { cwd: dir }).stdout);
    assert.deepEqual(j.totals, { ask: 1, deny: 1, allow: 3 });
    assert.equal(j.deniedNowAllowed, 1);
    assert.deepEqual(j.decisions.map((d: { decision: string; count: number }) => [d.decision, d.count]), [['ask', 1], ['deny', 1], ['allow', 2], ['allow', 1]]);
  });

  it('a budget needs a second version; both versions at once is a usage error', () => {
    const dir = project(calls);
    const budget = cli(['replay', '.claude/settings.json', '--history', 'session.jsonl', '--max-newly-allowed', '0'], { cwd: dir });
    assert.equal(budget.code, 2);
    assert.match(budget.stderr, /--max-newly-allowed counts changes between two versions: give --rules NEXT or --base GITREV/);
    assert.equal(cli(['replay', '.claude/settings.json', '--history', 'session.jsonl', '--rules', '.claude/settings.json', '--base', 'HEAD'], { cwd: dir }).code, 2);
  });
});
