// translate between any two of Claude Code, OpenCode, Codex, Gemini and oh-my-pi: one JSON object on
// stdout with the target file, the rules that cannot be expressed, and the witnesses that differ.
import { strict as assert } from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { cli } from './helpers';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rulelens-pairs-'));
function file(rel: string, text: string): string {
  const p = path.join(dir, rel);
  fs.mkdirSync(path.dirname(p), { recursive: true });
  fs.writeFileSync(p, text);
  return p;
}
const CLAUDE = file('.claude/settings.json', JSON.stringify({ permissions: { allow: ['Bash(git:*)'], deny: ['Bash(git push:*)', 'Read(./.env)'], ask: ['Bash(rm:*)'] } }));
const CODEX = file('.codex/rules/default.rules', 'prefix_rule(pattern=["git"], decision="allow")\nprefix_rule(pattern=["git", "push"], decision="forbidden")\n');
const FILES: Record<string, string> = {
  claude: CLAUDE,
  codex: CODEX,
  gemini: file('.gemini/policies/policy.toml', '[[rule]]\ntoolName = "run_shell_command"\ncommandPrefix = "git"\ndecision = "allow"\npriority = 10\n'),
  opencode: file('opencode.json', JSON.stringify({ permission: { bash: { 'git *': 'allow', 'git push *': 'deny' } } })),
  omp: file('.omp/config.yml', 'bash:\n  patterns:\n    - match: "git push *"\n      approval: deny\n    - match: "git *"\n      approval: allow\n'),
};

function translate(src: string, to: string) {
  const r = cli(['translate', src, '--to', to]);
  assert.ok(r.code === 0 || r.code === 1, r.stderr);
  return { code: r.code, report: JSON.parse(r.stdout) };
}

describe('cli: translate between any two agents', () => {
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('Claude Code → Codex: the commands carried as prefix rules, the file read reported as not expressible', () => {
    const { code, report } = translate(CLAUDE, 'codex');
    assert.equal(code, 1);
    assert.equal(report.to, 'codex');
    assert.match(report.text, /prefix_rule\(pattern=\["git", "push"\], decision="forbidden"\)/);
    assert.match(report.text, /prefix_rule\(pattern=\["rm"\], decision="prompt"\)/);
    assert.deepEqual(report.notExpressed.map((n: { label: string }) => n.label), ['Read(./.env) deny']);
    assert.match(report.notExpressed[0].reason, /commands only/);
    // Claude Code denies `cat .env` through its Read rule; Codex, with only command rules, does not deny it.
    assert.ok(report.flips.some((f: { request: string; from: string }) => f.request === 'cat .env' && f.from === 'deny'), JSON.stringify(report.flips));
  });

  it('Claude Code → OpenCode: last match wins, so the deny is written after the allow it narrows', () => {
    const { report } = translate(CLAUDE, 'opencode');
    const bash = Object.keys(JSON.parse(report.text).permission.bash);
    assert.ok(bash.indexOf('git push *') > bash.indexOf('git *'), bash.join(', '));
    assert.deepEqual(JSON.parse(report.text).permission.read, { '.env': 'deny' });
    assert.ok(!report.flips.some((f: { request: string }) => f.request.startsWith('git push')), JSON.stringify(report.flips));
  });

  it('Claude Code → Gemini: priorities climb so the deny is tried before the allow', () => {
    const { report } = translate(CLAUDE, 'gemini');
    assert.match(report.text, /commandPrefix = "git push"\ndecision = "deny"\npriority = 3/);
    assert.ok(!report.flips.some((f: { request: string }) => f.request.startsWith('git push')), JSON.stringify(report.flips));
  });

  it('Codex → Claude Code: equivalent, exit 0', () => {
    const { code, report } = translate(CODEX, 'claude');
    assert.deepEqual(JSON.parse(report.text).permissions, { allow: ['Bash(git:*)'], deny: ['Bash(git push:*)'] });
    assert.deepEqual(report.flips, []);
    assert.equal(report.equivalent, true);
    assert.equal(code, 0);
  });

  it('every pair runs and prints one JSON object on stdout, even with --format text', () => {
    for (const [from, src] of Object.entries(FILES)) {
      for (const to of Object.keys(FILES)) {
        if (to === from || (from === 'opencode' && ['claude', 'codex', 'gemini'].includes(to))) continue;
        const r = cli(['translate', src, '--to', to, '--format', 'text']);
        assert.ok(r.code === 0 || r.code === 1, `${from} → ${to}: ${r.stderr}`);
        const report = JSON.parse(r.stdout);
        assert.equal(report.from, from);
        assert.equal(report.to, to);
      }
    }
  });

  it('a file to its own dialect is a usage error', () => {
    const r = cli(['translate', CODEX, '--to', 'codex']);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /already a Codex CLI file/);
  });
});
