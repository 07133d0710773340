// `check` and `eval` decide with the policy the agent loads: the other settings layers, the other
// rules files of the folder, the merged configs; every deciding rule names its file, line and layer,
// and a hook that decides first is its own outcome in text, JSON and SARIF.
import { strict as assert } from 'assert';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import * as path from 'path';
import { cli } from './helpers';

function project(files: Record<string, unknown>): string {
  const dir = realpathSync(mkdtempSync(path.join(tmpdir(), 'rulelens-policy-')));
  for (const [p, v] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, p)), { recursive: true });
    writeFileSync(path.join(dir, p), typeof v === 'string' ? v : JSON.stringify(v, null, 2));
  }
  return dir;
}

describe('cli: decisions with the whole policy', () => {
  const dirs: string[] = [];
  after(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
  const make = (files: Record<string, unknown>) => {
    const d = project(files);
    dirs.push(d);
    return d;
  };

  it('eval on settings.json: the local deny decides, and JSON names its file, line and layer', () => {
    const d = make({ '.claude/settings.json': { permissions: { allow: ['Bash(make:*)'] } }, '.claude/settings.local.json': { permissions: { deny: ['Bash(make:*)'] } } });
    const r = cli(['eval', path.join(d, '.claude/settings.json'), '--request', '{"tool":"Bash","command":"make all"}', '--format', 'json']);
    assert.equal(r.code, 0, r.stderr);
    const v = JSON.parse(r.stdout);
    assert.equal(v.decision, 'deny');
    assert.deepEqual({ file: v.rule.file, line: v.rule.line, layer: v.rule.layer }, { file: path.join(d, '.claude/settings.local.json'), line: 4, layer: 'local settings' });
    const rows = v.trace.sections[0].rows;
    assert.ok(rows.every((row: { source?: { layer: string } }) => row.source?.layer), 'every trace row names its layer');
    assert.deepEqual(v.policy.map((m: { layer: string }) => m.layer), ['local settings', 'project settings']);
    const alone = JSON.parse(cli(['eval', path.join(d, '.claude/settings.json'), '--request', '{"tool":"Bash","command":"make all"}', '--format', 'json', '--file-alone']).stdout);
    assert.equal(alone.decision, 'allow', '--file-alone evaluates the file on its own');
    const text = cli(['eval', path.join(d, '.claude/settings.json'), '--request', '{"tool":"Bash","command":"make all"}']).stdout;
    assert.match(text, /settings\.local\.json:4, local settings\]/);
  });

  it('check: a hook-dependent request is its own outcome in text, JSON and SARIF; a pinned answer decides', () => {
    const d = make({
      '.claude/settings.json': { permissions: { allow: ['Bash(make:*)'] }, hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: './guard.sh' }] }] } },
      '.claude/settings.requests.json': {
        requests: [
          { name: 'build', tool: 'Bash', command: 'make all', expect: { decision: 'hook-dependent', without: 'allow' } },
          { name: 'hook denies', tool: 'Bash', command: 'make all', hook: 'deny', expect: 'deny' },
          { name: 'hook allows what no rule allows', tool: 'Bash', command: 'curl x', hook: 'allow', expect: 'allow' },
          { name: 'expects allow', tool: 'Bash', command: 'make all', expect: 'allow' },
        ],
      },
    });
    const text = cli(['check', d]);
    assert.equal(text.code, 1, 'the last request fails');
    assert.match(text.stdout, /✓ build: hook-dependent — the hook `\.\/guard\.sh` decides first; without it: allow/);
    assert.match(text.stdout, /✗ expects allow: hook-dependent/);
    const json = JSON.parse(cli(['check', d, '--format', 'json']).stdout);
    const reqs = json.files[0].requests;
    assert.equal(reqs[0].native, 'hook-dependent');
    assert.deepEqual(reqs[0].hook.hooks.map((h: { command: string; layer: string }) => [h.command, h.layer]), [['./guard.sh', 'project settings']]);
    assert.equal(reqs[0].hook.without, 'allow');
    assert.deepEqual(reqs.slice(1, 3).map((r: { decision: string; pass: boolean }) => [r.decision, r.pass]), [['deny', true], ['allow', true]]);
    const sarif = JSON.parse(cli(['check', d, '--format', 'sarif']).stdout);
    const hooks = sarif.runs[0].results.filter((x: { ruleId: string }) => x.ruleId === 'hook-dependent');
    assert.equal(hooks.length, 1);
    assert.match(hooks[0].message.text, /decides first; without it: allow/);
  });

  it('codex: every .rules file of the folder; gemini: every policy file of the tier; opencode: both configs', () => {
    const c = make({ '.codex/rules/a.rules': 'prefix_rule(pattern=["git"], decision="allow")\n', '.codex/rules/b.rules': 'prefix_rule(pattern=["git", "push"], decision="forbidden")\n' });
    const cv = JSON.parse(cli(['eval', path.join(c, '.codex/rules/a.rules'), '--request', '{"command":["git","push","origin"]}', '--format', 'json']).stdout);
    assert.equal(cv.native, 'forbidden');
    assert.equal(cv.rule.file, path.join(c, '.codex/rules/b.rules'));
    const g = make({ 'policies/a.toml': '[[rule]]\ntoolName = "run_shell_command"\ncommandPrefix = "npm"\ndecision = "allow"\npriority = 100\n', 'policies/b.toml': '[[rule]]\ntoolName = "run_shell_command"\ncommandPrefix = "npm publish"\ndecision = "deny"\npriority = 300\n' });
    const gv = JSON.parse(cli(['eval', path.join(g, 'policies/a.toml'), '--dialect', 'gemini', '--request', '{"tool":"run_shell_command","args":{"command":"npm publish"}}', '--format', 'json']).stdout);
    assert.equal(gv.native, 'deny');
    assert.equal(gv.rule.file, path.join(g, 'policies/b.toml'));
    const o = make({ 'opencode.json': { permission: { bash: { '*': 'allow' } } }, '.opencode/opencode.jsonc': '{\n  // the project\'s own\n  "permission": { "bash": { "rm *": "deny" } }\n}\n' });
    const ov = JSON.parse(cli(['eval', path.join(o, 'opencode.json'), '--request', '{"action":"bash","resources":["rm -rf x"]}', '--format', 'json', '--no-builtins']).stdout);
    assert.equal(ov.decision, 'deny');
    assert.equal(ov.rule.line, 3);
  });

  it('OpenCode environment layers join only with --opencode-env', () => {
    const o = make({ 'opencode.json': { permission: { bash: { '*': 'allow' } } } });
    const args = ['eval', path.join(o, 'opencode.json'), '--request', '{"action":"bash","resources":["rm -rf x"]}', '--format', 'json', '--no-builtins'];
    const env = { ...process.env, OPENCODE_PERMISSION: '{"bash":{"rm *":"deny"}}' };
    assert.equal(JSON.parse(cli(args, { env }).stdout).decision, 'allow', 'never read silently from the environment');
    const named = JSON.parse(cli([...args, '--opencode-env'], { env }).stdout);
    assert.equal(named.decision, 'deny');
    assert.equal(named.rule.layer, 'OPENCODE_PERMISSION');
  });
});
