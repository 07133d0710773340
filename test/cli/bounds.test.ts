import { strict as assert } from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { cli, SHARED_EXAMPLES } from './helpers';
import { appendEntry, entryLine, judgeNext, parseLedger, type Ledger } from '../../shared/dialects/bounds-rules/ledger';
import { parseBoundsRules, profileText, type Capability, type Step } from '../../shared/dialects/bounds-rules';
import { prng } from '../helpers/prng';

function scratch(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'rulelens-bounds-'));
}

describe('cli: bounds', () => {
  it('check passes the shipped bounds example (3 requests)', () => {
    const r = cli(['check', path.join(SHARED_EXAMPLES, 'bounds')]);
    assert.equal(r.code, 0, r.stdout + r.stderr);
    assert.match(r.stdout, /3 requests: 3 passed, 0 failed/);
    assert.match(r.stdout, /\(bounds-rules, 2 rules\)/);
  });

  it('the seed: four log commands in a fresh folder', () => {
    const dir = scratch();
    assert.equal(cli(['rules', 'set-profile', 'balanced'], { cwd: dir }).code, 0);
    const log = (args: string[]) => cli(['log', ...args], { cwd: dir });
    const a = log(['--action', 'web.read', '--subject', 'docs.example', '--task', 'job-1', '--trust', 'untrusted', '--capability', 'read']);
    assert.equal(a.code, 0, a.stderr);
    const b = log(['--action', 'mail.send', '--subject', 'partner@example.com', '--task', 'job-1', '--capability', 'send']);
    assert.equal(b.stdout.trim(), '#2 DENY mail.send partner@example.com (PATH_DENIED by step #1 under no-send-after-untrusted-read)');
    assert.equal(b.code, 1);
    assert.equal(log(['--action', 'file.read', '--subject', 'src/app.ts', '--task', 'job-2', '--trust', 'internal', '--capability', 'read']).code, 0);
    const d = log(['--action', 'mail.send', '--subject', 'partner@example.com', '--task', 'job-2', '--capability', 'send']);
    assert.equal(d.stdout.trim(), '#4 ALLOW mail.send partner@example.com (ALLOW)');
    assert.equal(d.code, 0);
    const lines = fs.readFileSync(path.join(dir, '.attesso/ledger.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    assert.deepEqual(lines.map((e) => [e.step, e.verdict, e.code, e.rule, e.tainted_by]), [
      [1, 'ALLOW', null, null, null],
      [2, 'DENY', 'PATH_DENIED', 'no-send-after-untrusted-read', 1],
      [3, 'ALLOW', null, null, null],
      [4, 'ALLOW', null, null, null],
    ]);
    assert.ok(lines.every((e) => /^sha256:[0-9a-f]{64}$/.test(e.digest) && typeof e.at === 'string'));

    const x = cli(['explain', '2'], { cwd: path.join(dir, '.attesso') });
    assert.equal(x.code, 0, x.stderr);
    assert.match(x.stdout, /tainted by: #1 web\.read docs\.example/);
    assert.match(x.stdout, /advice: .*no-send-after-untrusted-read/);
    assert.equal(cli(['explain', '9'], { cwd: dir }).code, 2);

    const s = JSON.parse(cli(['suggest', '--json'], { cwd: dir }).stdout);
    assert.equal(s.entries, 4);
    assert.equal(s.suggestions[0].rule.max_steps, 2);
  });

  it('rules set-profile keeps rules.json.bak and prints the new digest', () => {
    const dir = scratch();
    cli(['rules', 'set-profile', 'balanced'], { cwd: dir });
    const before = fs.readFileSync(path.join(dir, '.attesso/rules.json'), 'utf8');
    const r = cli(['rules', 'set-profile', 'strict'], { cwd: dir });
    assert.equal(r.code, 0);
    assert.equal(fs.readFileSync(path.join(dir, '.attesso/rules.json.bak'), 'utf8'), before);
    const digest = r.stdout.match(/digest (sha256:[0-9a-f]{64})/)?.[1];
    assert.equal(digest, cli(['rules', 'digest'], { cwd: dir }).stdout.trim());
    assert.equal(digest, parseBoundsRules({ path: 'x', text: profileText('strict') }).digest);
    assert.equal(cli(['rules', 'set-profile', 'lenient'], { cwd: dir }).code, 2);
  });

  it('log refuses without a rules file, with an invalid one, and with an invalid step', () => {
    const dir = scratch();
    const args = ['log', '--action', 'a', '--subject', 's', '--task', 't', '--capability', 'read'];
    assert.match(cli(args, { cwd: dir }).stderr, /no \.attesso\/rules\.json/);
    fs.mkdirSync(path.join(dir, '.attesso'));
    fs.writeFileSync(path.join(dir, '.attesso/rules.json'), '{"version": 1, "rules": [{"id": "x", "deny": {"capability": "mail"}, "max_steps": 1}]}');
    const bad = cli(args, { cwd: dir });
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /rules\.json:1:\d+ error schema: unknown capability "mail"/);
    cli(['rules', 'set-profile', 'balanced'], { cwd: dir });
    const wrong = cli([...args.slice(0, -1), 'browse'], { cwd: dir });
    assert.equal(wrong.code, 2);
    assert.match(wrong.stderr, /unknown capability "browse"/);
    assert.equal(cli([...args, '--at', 'noon'], { cwd: dir }).code, 2);
  });

  it('a corrupt ledger line is reported with its line number and skipped', () => {
    const dir = scratch();
    cli(['rules', 'set-profile', 'balanced'], { cwd: dir });
    const log = (task: string) => cli(['log', '--action', 'web.read', '--subject', 'x', '--task', task, '--trust', 'untrusted', '--capability', 'read'], { cwd: dir });
    log('a');
    fs.appendFileSync(path.join(dir, '.attesso/ledger.jsonl'), '{"step": 2, oops\n');
    const r = log('a');
    assert.match(r.stderr, /ledger\.jsonl:2: line 2: invalid JSON.*line skipped/);
    assert.match(r.stdout, /^#3 ALLOW/);
  });

  it('a ledger that exists but cannot be read refuses: its taints are never forgotten', () => {
    const dir = scratch();
    cli(['rules', 'set-profile', 'balanced'], { cwd: dir });
    const ledger = path.join(dir, '.attesso/ledger.jsonl');
    const log = () => cli(['log', '--action', 'mail.send', '--subject', 'x', '--task', 'a', '--capability', 'send'], { cwd: dir });
    // Larger than the text-file limit (sparse, so the test writes nothing): refused before reading.
    fs.writeFileSync(ledger, '');
    fs.truncateSync(ledger, 65 * 1024 * 1024);
    const big = log();
    assert.equal(big.code, 2);
    assert.match(big.stderr, /cannot read .*ledger\.jsonl \(.*limit/);
    assert.equal(fs.statSync(ledger).size, 65 * 1024 * 1024, 'nothing is appended to a ledger that was not read');
    fs.rmSync(ledger);
    fs.mkdirSync(ledger);
    const folder = log();
    assert.equal(folder.code, 2);
    assert.match(folder.stderr, /cannot read .*ledger\.jsonl \(is a folder/);
  });

  it('replay on 1,000 generated steps reports exactly the newly denied decisions and honours the budget', () => {
    const dir = scratch();
    fs.mkdirSync(path.join(dir, '.attesso'));
    const balanced = parseBoundsRules({ path: 'b', text: profileText('balanced') });
    fs.writeFileSync(path.join(dir, '.attesso/rules.json'), profileText('balanced'));
    fs.writeFileSync(path.join(dir, 'next.json'), profileText('strict'));
    const rnd = prng(7);
    const caps: Capability[] = ['read', 'write', 'send', 'execute', 'spend'];
    const t0 = Date.parse('2026-11-29T08:00:00Z');
    const clock = new Map<string, number>();
    const steps: Step[] = [];
    for (let i = 0; i < 1000; i++) {
      const task = `job-${Math.floor(rnd() * 25)}`;
      const t = (clock.get(task) ?? t0) + Math.floor(rnd() * 12) * 60_000;
      clock.set(task, t);
      const capability = caps[Math.floor(rnd() * caps.length)];
      const trust = (['internal', 'untrusted', 'unknown'] as const)[Math.floor(rnd() * 3)];
      steps.push({ action: `tool.${capability}`, subject: rnd() < 0.2 ? 'web_extract' : `s${Math.floor(rnd() * 5)}`, task, trust, capability, args_hash: `h${Math.floor(rnd() * 3)}`, at: new Date(t).toISOString() });
    }
    let ledger: Ledger = parseLedger('');
    for (const s of steps) ledger = appendEntry(ledger, judgeNext(ledger, { rules: balanced }, s).entry);
    fs.writeFileSync(path.join(dir, '.attesso/ledger.jsonl'), ledger.entries.map((x) => entryLine(x.entry)).join('\n') + '\n');

    // Independently: strict adds write and execute to the untrusted-read rule; balanced never refuses those.
    let expected = 0;
    steps.forEach((s, i) => {
      if (s.capability !== 'write' && s.capability !== 'execute') return;
      const now = Date.parse(s.at!);
      const tainted = steps.slice(0, i).some((e) => e.task === s.task && e.trust === 'untrusted' && e.capability === 'read' && now - Date.parse(e.at!) <= 30 * 60_000);
      if (tainted) expected++;
    });
    assert.ok(expected > 10, `generator too tame: ${expected}`);

    const json = cli(['replay', '--rules', 'next.json', '--format', 'json'], { cwd: dir });
    assert.equal(json.code, 0, json.stderr);
    const out = JSON.parse(json.stdout);
    assert.equal(out.judged, 1000);
    assert.equal(out.newlyDenied, expected);
    assert.equal(out.newlyAllowed, 0);
    assert.ok(out.flips.every((f: { after: { code: string } }) => f.after.code === 'PATH_DENIED'));

    const ok = cli(['replay', '--rules', 'next.json', '--max-newly-denied', String(expected)], { cwd: dir });
    assert.equal(ok.code, 0);
    assert.match(ok.stdout, new RegExp(`${expected} newly denied, 0 newly allowed`));
    const over = cli(['replay', '--rules', 'next.json', '--max-newly-denied', String(expected - 1)], { cwd: dir });
    assert.equal(over.code, 1);
    assert.match(over.stderr, /exceed --max-newly-denied/);
    assert.equal(cli(['replay', '--rules', 'missing.json'], { cwd: dir }).code, 2);
    assert.equal(cli(['replay', '--rules', 'next.json', '--max-newly-denied', '-1'], { cwd: dir }).code, 2);
  });
});
