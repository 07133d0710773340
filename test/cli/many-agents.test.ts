import { strict as assert } from 'assert';
import * as path from 'path';
import { cli, ROOT } from './helpers';

// Claude denies Read(./.env) and Bash(git push:*); Codex allows ["cat"] and ["git"]; Gemini allows git.
const REPO = path.join(ROOT, 'test/cli/fixtures/many-agents');

describe('cli: eval --all-agents', () => {
  it('prints every agent policy\'s decision for a shell command, each with its deciding rule and place', () => {
    const r = cli(['eval', '--all-agents', '--request', '{"shell":"git push origin main"}'], { cwd: REPO });
    assert.equal(r.code, 0, r.stderr);
    const lines = r.stdout.trim().split('\n');
    assert.match(lines[0], /^git push origin main — 3 agent policies under \.$/);
    assert.match(r.stdout, /^Claude Code +deny +— rule 2: Bash\(git push:\*\) deny +\[\.claude\/settings\.json:5 \(project settings\)\]$/m);
    assert.match(r.stdout, /^Codex CLI +allow +— rule 2: git → allow +\[\.codex\/rules\/default\.rules:2 /m);
    assert.match(r.stdout, /^Gemini CLI +allow +— rule 1: run_shell_command "git" → allow.*\[\.gemini\/policies\/policy\.toml:1 /m);
  });

  it('JSON: the request and one entry per agent; an agent whose rules cannot decide a file read says so', () => {
    const r = cli(['eval', '--all-agents', REPO, '--request', '{"read":".env"}', '--format', 'json']);
    assert.equal(r.code, 0, r.stderr);
    const out = JSON.parse(r.stdout);
    assert.deepEqual(out.request, { kind: 'read', path: '.env' });
    const by = Object.fromEntries(out.agents.map((a: { dialect: string }) => [a.dialect, a]));
    assert.deepEqual(Object.keys(by).sort(), ['claude', 'codex', 'gemini']);
    assert.equal(by.claude.decision, 'deny');
    assert.deepEqual(by.claude.rule.source, { file: '.claude/settings.json', line: 4, layer: 'project settings' });
    assert.equal(by.codex.decided, false);
    assert.match(by.codex.reason, /commands only/);
    assert.equal(by.codex.decision, undefined);
    assert.equal(by.gemini.decided, true);
  });

  it('the path form with access, and a URL', () => {
    const r = cli(['eval', '--all-agents', REPO, '--request', '{"path":".env","access":"read"}', '--format', 'json']);
    assert.equal(JSON.parse(r.stdout).agents.find((a: { dialect: string }) => a.dialect === 'claude').decision, 'deny');
    const u = cli(['eval', '--all-agents', REPO, '--request', '{"url":"https://example.com/"}']);
    assert.equal(u.code, 0, u.stderr);
    assert.match(u.stdout, /^fetch https:\/\/example\.com\/ — 3 agent policies/);
  });

  it('usage errors: no request, a bad request, two folders, a file for a folder', () => {
    assert.equal(cli(['eval', '--all-agents'], { cwd: REPO }).code, 2);
    const bad = cli(['eval', '--all-agents', '--request', '{"command":"ls"}'], { cwd: REPO });
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /unknown field "command"/);
    assert.equal(cli(['eval', '--all-agents', REPO, REPO, '--request', '{"shell":"ls"}']).code, 2);
    assert.match(cli(['eval', '--all-agents', path.join(REPO, '.claude/settings.json'), '--request', '{"shell":"ls"}']).stderr, /not a folder/);
  });

  it('help names --all-agents and the neutral request forms', () => {
    const r = cli(['eval', '--help']);
    assert.match(r.stdout, /--all-agents \[FOLDER\]/);
    assert.match(r.stdout, /"shell":"git push"/);
  });
});

describe('cli: check reports agents-disagree', () => {
  interface Diag { code: string; message: string; range: { start: { line: number } }; related?: { path?: string; range: { start: { line: number } }; message: string }[] }
  const disagreements = (): Map<string, Diag[]> => {
    const r = cli(['check', REPO, '--format', 'json']);
    const files = JSON.parse(r.stdout).files as { path: string; diagnostics: Diag[] }[];
    return new Map(files.map((f) => [path.relative(REPO, f.path), f.diagnostics.filter((d) => d.code === 'agents-disagree')]));
  };

  it('on the Codex and Gemini allows of the many-agents repository, each with the Claude deny as related information', () => {
    const by = disagreements();
    const codex = by.get('.codex/rules/default.rules')!;
    const push = codex.find((d) => d.message.startsWith('`git push`: Claude Code denies, Codex CLI allows'));
    assert.ok(push, JSON.stringify(codex));
    assert.equal(push.range.start.line, 1);
    assert.equal(push.related![0].range.start.line, 4);
    assert.match(push.related![0].message, /Bash\(git push:\*\) deny/);
    const cat = codex.find((d) => d.message.startsWith('`cat .env`: Claude Code denies, Codex CLI allows'));
    assert.ok(cat, JSON.stringify(codex));
    assert.equal(cat.range.start.line, 0);
    const gemini = by.get('.gemini/policies/policy.toml')!;
    assert.ok(gemini.some((d) => /^`git push`: Claude Code denies, Gemini CLI allows \(rule 1/.test(d.message)), JSON.stringify(gemini));
    assert.deepEqual(by.get('.claude/settings.json'), []);
  });
});
