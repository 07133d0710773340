import { strict as assert } from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { cli, ensureBuilt, ROOT } from './helpers';

describe('cli: codex and gemini', () => {
  before(ensureBuilt);

  it('check examples/codex and examples/gemini: every stored request and example passes', () => {
    for (const dir of ['examples/codex', 'examples/gemini']) {
      const r = cli(['check', path.join(ROOT, dir), '--format', 'json']);
      assert.equal(r.code, 0, r.stdout + r.stderr);
      const out = JSON.parse(r.stdout);
      const text = JSON.stringify(out);
      assert.ok(text.includes(dir.endsWith('codex') ? '"codex"' : '"gemini"'), 'dialect reported');
    }
  });

  it('a failing Codex example fails check with an error at the example', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rulelens-codex-'));
    const file = path.join(dir, 'rules', 'default.rules');
    fs.mkdirSync(path.dirname(file));
    fs.writeFileSync(file, 'prefix_rule(pattern=["git", "status"], decision="allow", match=["git push"])\n');
    const r = cli(['check', file]);
    assert.notEqual(r.code, 0);
    assert.match(r.stdout, /default\.rules:1:\d+ error codex-example-failed/);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('a Codex requirements.toml: checked on its own, and joined to a .rules file only when named', () => {
    const req = path.join(ROOT, 'examples/codex-requirements/requirements.toml');
    const own = cli(['check', req]);
    assert.equal(own.code, 0, own.stdout + own.stderr);
    assert.match(own.stdout, /requirements\.toml \(codex, 3 rules\)[\s\S]*4 passed, 0 failed/);
    const rules = path.join(ROOT, 'examples/codex/.codex/rules/default.rules');
    const push = JSON.stringify({ command: 'git push --force origin' });
    assert.match(cli(['eval', rules, '--request', push]).stdout, /^prompt/);
    const joined = cli(['eval', rules, '--codex-requirements', req, '--request', push]);
    assert.match(joined.stdout, /^forbidden — rule \d+: git \[push\|reset\] --force → forbidden — requirements, /);
    const missing = cli(['eval', rules, '--codex-requirements', '/no/such/requirements.toml', '--request', push]);
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /--codex-requirements: cannot read/);
  });

  it('eval decides a Gemini call with its trace', () => {
    const r = cli(['eval', path.join(ROOT, 'examples/gemini/.gemini/policies/policy.toml'), '--request', JSON.stringify({ tool: 'run_shell_command', args: { command: 'git status && rm -rf x' } })]);
    assert.match(r.stdout + r.stderr, /deny/);
  });

  it('translate --to codex and --to gemini', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rulelens-tr-'));
    const file = path.join(dir, 'opencode.json');
    fs.writeFileSync(file, JSON.stringify({ permission: { bash: { '*': 'ask', 'git status *': 'allow', 'rm *': 'deny' } } }));
    const c = cli(['translate', file, '--to', 'codex']);
    assert.equal(c.code, 0, c.stdout + c.stderr);
    assert.match(c.stdout, /prefix_rule\(pattern = \["rm"\], decision = "forbidden"\)/);
    const g = cli(['translate', file, '--to', 'gemini', '--format', 'json']);
    assert.equal(g.code, 0, g.stdout + g.stderr);
    assert.equal(JSON.parse(g.stdout).equivalent, true);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
