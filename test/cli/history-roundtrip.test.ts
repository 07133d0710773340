import { strict as assert } from 'assert';
import { LEXICAL_FS } from '../../shared/model';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { cli } from './helpers';
import { generateMonth, MONTH_SETTINGS, type Month } from '../history/generate-month';
import { claude } from '../../shared/dialects/claude';
import { DIALECTS } from '../../shared/dialects';
import { initShellParser } from '../../shared/host/shell-parser';
import { readStoredHistory } from '../../shared/history/stored';
import { requestFor } from '../../shared/history/evaluate';
import { probesFor } from '../../shared/programs';

/**
 * The "done when": on a synthetic month, import → replay → suggest round-trips. The
 * suggested rules decide every approved call as before (runs-anything calls excepted: they go
 * to ask and are listed), deny every observed denial, and are narrower than the broad allows
 * they replace — checked here with the evaluator, not by reading the tool's own claims.
 */
describe('cli: history round trip on a synthetic month', function () {
  this.timeout(300_000);
  let m: Month;
  let stored: string;
  before(async () => {
    await initShellParser();
    m = generateMonth(fs.mkdtempSync(path.join(os.tmpdir(), 'rulelens-month-')), 7);
    stored = path.join(m.project, '.claude', 'history.requests.json');
  });

  it('import: every format, copied requests with counts, secrets redacted, the broken line reported by number', () => {
    const r = cli(['import', m.claudeProjects, m.hookLog, path.dirname(path.dirname(m.geminiChats)), m.codexRollout, '--rules', m.settings, '--out', stored], { cwd: m.project });
    assert.equal(r.code, 1, 'an unreadable line makes the exit 1; the rest is imported');
    assert.ok(r.stderr.includes(`${m.broken.file}:${m.broken.line}: not JSON`), r.stderr);
    assert.match(r.stdout, /calls from 33 files → \d+ distinct claude requests/);
    const doc = JSON.parse(fs.readFileSync(stored, 'utf8'));
    assert.equal(doc.rules, 'settings.json');
    const reqs = doc.requests as Array<{ origin: string; command?: string; observed: { count: number; from: string[]; outcome: string; first_seen: string; last_seen: string } }>;
    assert.ok(reqs.every((q) => q.origin === 'copied'));
    assert.equal(reqs.reduce((n, q) => n + q.observed.count, 0), m.calls, 'every call is counted once');
    assert.ok(!fs.readFileSync(stored, 'utf8').includes('sk-ant-'), 'the bearer token is redacted');
    const froms = new Set(reqs.flatMap((q) => q.observed.from));
    assert.deepEqual([...froms].sort(), ['claude-hook', 'claude-session', 'codex-session', 'gemini-session']);
    const test = reqs.find((q) => q.command === 'npm test' && q.observed.from.includes('claude-session'))!;
    assert.ok(test.observed.count > 1 && test.observed.first_seen < test.observed.last_seen);
    // The stored file is a valid requests file for the rule file: eval reads every request.
    const e = cli(['eval', m.settings, '--requests', stored, '--format', 'json'], { cwd: m.project });
    assert.equal(e.code, 0, e.stderr);
    assert.doesNotMatch(e.stdout + e.stderr, /request-invalid|unknown field/);
  });

  it('suggest → replay: proved, narrower, every approved call decided as before, every denial denied', () => {
    const s = cli(['suggest', m.settings, '--history', stored, '--format', 'json'], { cwd: m.project });
    assert.equal(s.code, 0, s.stdout + s.stderr);
    const out = JSON.parse(s.stdout);
    assert.equal(out.proof.proved, true);
    assert.match(out.patch, /^--- a\/\.claude\/settings\.json\n\+\+\+ b\/\.claude\/settings\.json\n@@ /);
    const next = path.join(m.project, '.claude', 'settings.next.json');
    fs.writeFileSync(next, out.text);

    // Judge everything ourselves with the engine.
    const parse = (p: string) => claude.parse({ path: p, text: fs.readFileSync(p, 'utf8') }, { home: os.homedir() });
    const before = parse(m.settings);
    const after = parse(next);
    const entries = readStoredHistory(fs.readFileSync(stored, 'utf8'), DIALECTS)!;
    const left = new Set((out.left as Array<{ subject: string }>).map((l) => l.subject));
    let approved = 0;
    let denied = 0;
    for (const e of entries) {
      const q = requestFor(claude, e).request!;
      // Recorded calls are judged on a file system without symlinks, as `suggest`/`replay --history` do.
    const a = claude.evaluate(before, q as never, { fs: LEXICAL_FS }).decision;
      const b = claude.evaluate(after, q as never, { fs: LEXICAL_FS }).decision;
      if (e.call.outcome === 'approved') {
        approved++;
        if (e.call.command !== undefined && left.has(e.call.command)) assert.equal(b, 'ask', `${e.call.command} is left to ask`);
        else assert.equal(b, a, `${e.call.tool} ${e.call.command ?? e.call.path ?? e.call.url}: ${a} → ${b}`);
      } else if (e.call.outcome === 'denied') {
        denied++;
        assert.equal(b, 'deny', `observed denial ${e.call.command ?? e.call.path ?? e.call.url} must be denied`);
      }
    }
    assert.ok(approved > 20 && denied >= 4, `${approved} approved, ${denied} denied`);
    assert.deepEqual([...left], ['python3 scripts/gen.py'], 'the runs-anything call is the one left to ask');

    // Narrower: no suggested allow is a broad one from before, each allows only what the old
    // rules allowed, and something the broad allow admitted is no longer allowed.
    const suggestedAllows = (out.rules as Array<{ tier: string; rule: string; replaces: string }>).filter((r) => r.tier === 'allow');
    assert.ok(suggestedAllows.length > 5);
    for (const r of suggestedAllows) assert.ok(!MONTH_SETTINGS.permissions.allow.includes(r.rule), r.rule);
    const probes: Record<string, string[]> = {
      'Bash(npm *)': ['npm publish', 'npm install left-pad', 'npm exec foo'],
      'Bash(git *)': ['git reset --hard', 'git push --force origin main', 'git -c core.fsmonitor=./payload.sh status'],
      'Bash(python3 *)': probesFor('python3 *').map((p) => p.command),
    };
    for (const [broad, cmds] of Object.entries(probes)) {
      for (const command of cmds) {
        assert.equal(claude.evaluate(before, { tool: 'Bash', command }, { fs: LEXICAL_FS }).decision, 'allow', `${command} was allowed by ${broad}`);
        assert.notEqual(claude.evaluate(after, { tool: 'Bash', command }, { fs: LEXICAL_FS }).decision, 'allow', `${command} is no longer allowed`);
      }
    }
    const edit = (p: string) => ({ tool: 'Edit', path: path.join(m.project, p) });
    assert.equal(claude.evaluate(before, edit('src/other/new.ts'), { fs: LEXICAL_FS }).decision, 'allow');
    assert.notEqual(claude.evaluate(after, edit('src/other/new.ts'), { fs: LEXICAL_FS }).decision, 'allow');
    assert.notEqual(claude.evaluate(after, { tool: 'WebFetch', url: 'https://evil.example/x' }, { fs: LEXICAL_FS }).decision, 'allow');
    assert.notEqual(claude.evaluate(after, { tool: 'mcp__github__delete_repo', input: {} }, { fs: LEXICAL_FS }).decision, 'allow');

    // replay agrees: nothing newly allowed, denials newly denied, only the runs-anything call newly asked.
    const r = cli(['replay', m.settings, '--history', stored, '--rules', next, '--max-newly-allowed', '0', '--format', 'json'], { cwd: m.project });
    assert.equal(r.code, 0, r.stderr);
    const rep = JSON.parse(r.stdout);
    assert.equal(rep.totals['newly allowed'], 0);
    assert.deepEqual(Object.keys(rep.groups['newly asked']), ['Bash(python3)']);
    assert.ok(rep.flips.filter((f: { kind: string }) => f.kind === 'newly denied').every((f: { outcome: string }) => f.outcome === 'denied'));
    // A budget the flips exceed is exit 1, as for the ledger replay.
    assert.equal(cli(['replay', m.settings, '--history', stored, '--rules', next, '--max-newly-asked', '0'], { cwd: m.project }).code, 1);
  });

  it('suggest --write applies the proved patch; a second suggest has nothing broad left to tighten', () => {
    const copy = path.join(m.project, '.claude', 'settings.json');
    const w = cli(['suggest', copy, '--history', stored, '--write'], { cwd: m.project });
    assert.equal(w.code, 0, w.stdout);
    assert.match(w.stdout, /wrote \.claude\/settings\.json/);
    const again = cli(['suggest', copy, '--history', stored, '--format', 'json'], { cwd: m.project });
    const j = JSON.parse(again.stdout);
    assert.equal(j.proof.proved, true);
    assert.ok(j.rules.every((r: { tier: string; replaces: string | null }) => r.tier === 'allow' && r.replaces !== null), 'only the remaining prefix allows are revisited');
  });
});
