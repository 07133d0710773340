import { strict as assert } from 'assert';
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { cli } from './helpers';

const toolUse = (id: string, command: string) => JSON.stringify({ type: 'assistant', cwd: '/p', sessionId: 's', timestamp: '2026-11-01T10:00:00Z', message: { content: [{ type: 'tool_use', id, name: 'Bash', input: { command } }] } });
const result = (id: string, denied = false) => JSON.stringify({ type: 'user', cwd: '/p', sessionId: 's', message: { content: [{ type: 'tool_result', tool_use_id: id, content: denied ? "The user doesn't want to proceed with this tool use." : 'ok', is_error: denied }] } });

function session(dir: string, calls: Array<[string, boolean?]>): string {
  const f = path.join(dir, 'session.jsonl');
  fs.writeFileSync(f, calls.flatMap(([c, d], i) => [toolUse(`t${i}`, c), result(`t${i}`, d)]).join('\n') + '\n');
  return f;
}

describe('cli: replay --history', function () {
  // Each case starts the CLI several times; a loaded machine makes that slow, not wrong.
  this.timeout(180_000);
  it('opencode: flips grouped by kind and command prefix; budgets are exit codes; raw sessions work as history', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rulelens-replay-'));
    const h = session(dir, [['npm test'], ['npm test'], ['npm run build'], ['git push origin main'], ['rm -rf dist', true]]);
    const cur = path.join(dir, 'opencode.json');
    fs.writeFileSync(cur, JSON.stringify({ permission: { bash: { '*': 'ask', 'npm *': 'allow', 'git *': 'allow' } } }));
    const next = path.join(dir, 'next', 'opencode.json');
    fs.mkdirSync(path.dirname(next));
    fs.writeFileSync(next, JSON.stringify({ permission: { bash: { '*': 'ask', 'npm test': 'allow', 'git push *': 'deny', 'rm *': 'allow' } } }));
    const r = cli(['replay', cur, '--history', h, '--rules', next, '--format', 'json']);
    assert.equal(r.code, 0, r.stderr);
    const j = JSON.parse(r.stdout);
    assert.equal(j.dialect, 'opencode');
    assert.deepEqual(j.totals, { 'newly denied': 1, 'newly asked': 1, 'newly allowed': 1 });
    assert.deepEqual(j.groups, { 'newly denied': { 'Bash(git push)': 1 }, 'newly asked': { 'Bash(npm run)': 1 }, 'newly allowed': { 'Bash(rm)': 1 } });
    assert.equal(j.deniedThenAllowed, 1);
    const t = cli(['replay', cur, '--history', h, '--rules', next, '--max-newly-denied', '0']);
    assert.equal(t.code, 1);
    assert.match(t.stdout, /newly allowed: 1 call \(1 distinct\)\n {4}by prefix: Bash\(rm\) ×1\n {4}bash rm -rf dist: ask → allow .*— was DENIED when it ran/);
    assert.match(t.stdout, /warning: 1 call that was denied when it ran would now be allowed/);
    assert.match(t.stderr, /1 newly denied calls exceed --max-newly-denied 0/);
    assert.equal(cli(['replay', cur, '--history', h, '--rules', next, '--max-newly-denied', '1', '--max-newly-allowed', '1', '--max-newly-asked', '1']).code, 0);
  });

  it('--base GITREV replays the committed version against the working copy (claude)', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rulelens-replay-git-'));
    const git = (...a: string[]) => spawnSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...a], { cwd: dir, encoding: 'utf8' });
    git('init', '-q');
    fs.mkdirSync(path.join(dir, '.claude'));
    const settings = path.join(dir, '.claude', 'settings.json');
    fs.writeFileSync(settings, JSON.stringify({ permissions: { allow: ['Bash(npm *)'] } }));
    git('add', '.');
    git('commit', '-qm', 'base');
    fs.writeFileSync(settings, JSON.stringify({ permissions: { allow: ['Bash(npm test)'], deny: ['Bash(npm publish)'] } }));
    const h = session(dir, [['npm test'], ['npm run build'], ['npm publish']]);
    const r = cli(['replay', settings, '--history', h, '--base', 'HEAD', '--format', 'json'], { cwd: dir });
    assert.equal(r.code, 0, r.stderr);
    const j = JSON.parse(r.stdout);
    assert.deepEqual(j.totals, { 'newly denied': 1, 'newly asked': 1, 'newly allowed': 0 });
    assert.deepEqual(j.flips.map((f: { describe: string; before: string; after: string }) => `${f.describe}: ${f.before} → ${f.after}`), ['Bash(npm publish): allow → deny', 'Bash(npm run build): allow → ask']);
  });

  it('usage errors exit 2; the ledger forms without --history are untouched', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rulelens-replay-u-'));
    const h = session(dir, [['ls']]);
    const cur = path.join(dir, 'opencode.json');
    fs.writeFileSync(cur, '{"permission": {"bash": "ask"}}');
    assert.equal(cli(['replay', cur, '--history', h, '--max-newly-denied', '0']).code, 2, 'a budget needs a second version');
    assert.equal(cli(['replay', cur, '--history', h, '--rules', cur, '--base', 'HEAD']).code, 2);
    assert.equal(cli(['replay', cur, '--history', path.join(dir, 'missing.jsonl'), '--rules', cur]).code, 2);
    const bounds = path.join(dir, 'rules.json');
    fs.writeFileSync(bounds, '{"rules": []}');
    assert.match(cli(['replay', bounds, '--history', h, '--rules', bounds]).stderr, /do not judge agent tool calls|not a rule file/);
    // The Bounds ledger form still parses as before (its own usage error, not the history one).
    assert.match(cli(['replay'], { cwd: dir }).stderr, /--rules NEXT is required/);
    const nothing = cli(['suggest', cur, '--history', h]);
    assert.equal(nothing.code, 0, nothing.stderr);
    assert.match(nothing.stdout, /nothing to tighten/);
    assert.equal(cli(['suggest', cur, '--history', path.join(dir, 'missing.jsonl')]).code, 2);
  });
});
