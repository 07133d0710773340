import { strict as assert } from 'assert';
import { evaluateOpencode, parseOpencode } from '../../../shared/dialects/opencode';
import { lintOpencode } from '../../../shared/dialects/opencode/lint';
import type { OpencodeRequest, OpencodeRuleSet } from '../../../shared/dialects/opencode';
import { initDialects } from '../../../shared/dialects';

const v1 = (permission: unknown, builtins = false): OpencodeRuleSet => parseOpencode({ path: 'opencode.json', text: JSON.stringify({ permission }) }, { builtins });
const v2 = (rules: Array<[string, string, string]>): OpencodeRuleSet =>
  parseOpencode({ path: 'opencode.json', text: JSON.stringify({ permissions: rules.map(([action, resource, effect]) => ({ action, resource, effect })) }) }, { builtins: false });
const runs = (rs: OpencodeRuleSet) => lintOpencode(rs).filter((f) => f.code === 'allow-runs-anything');
/** Every rule a finding names: the one it sits on and those of its group. */
const rulesOf = (fs: ReturnType<typeof runs>) => fs.flatMap((f) => ((f.data!.rules as Array<{ rule: number }> | undefined) ?? [{ rule: f.data!.rule as number }]).map((d) => d.rule));

describe('opencode: allow-runs-anything', () => {
  before(initDialects);
  // A universal pattern (`*`) is broad-catch-all's finding, not this one's: one root cause, one finding.
  const RISKY = ['python *', 'bash *', 'sh -c *', 'node *', 'env *', 'xargs *', 'git * main', 'find *', '/usr/bin/python3 *', 'py*', 'awk *', 'npx *', 'docker *', 'ssh *', 'uv *', 'rm *', 'git push *', 'make test*', 'npm test *'];
  const SAFE = ['git status *', 'ls *', 'bash scripts/build.sh', 'env', 'find . -name *.ts'];

  it('V1 bash keys: every risky pattern is flagged with a witness OpenCode allows through it', () => {
    for (const p of RISKY) {
      const rs = v1({ bash: { [p]: 'allow' } });
      const [f] = runs(rs);
      assert.ok(f, p);
      assert.ok(f.message.includes(f.witness!.replace(/\n/g, '\\n')), p);
      assert.ok(f.message.length <= 120, f.message);
      const v = evaluateOpencode(rs, { action: 'bash', resources: [f.witness!] });
      assert.equal(v.decision, 'allow', `${p}: ${f.witness}`);
      assert.equal(v.rule?.index, 0, `${p}: the rule decides ${f.witness}`);
    }
  });

  it('the holes of real configs: make test* with an extra makefile or --eval, git push with --force', () => {
    const make = runs(v1({ bash: { 'make test*': 'allow' } }))[0];
    assert.match(make.witness!, /^make test /);
    const push = runs(v1({ bash: { 'git push *': 'allow' } }))[0];
    assert.equal(push.witness, 'git push --force origin main');
    assert.equal(push.severity, 'warning');
  });

  it('V1: safe patterns, denies and asks are not flagged', () => {
    for (const p of SAFE) assert.deepEqual(runs(v1({ bash: { [p]: 'allow' } })), [], p);
    assert.deepEqual(runs(v1({ bash: { 'python *': 'deny', 'bash *': 'ask' } })), []);
  });

  it('a witness another rule takes is not claimed: the whole configuration decides', () => {
    const rs = v1({ bash: { 'python *': 'allow', 'python -c *': 'deny', 'python manage.py *': 'deny' } });
    const [f] = runs(rs);
    assert.equal(f.witness, 'python ./payload.py');
    assert.equal(evaluateOpencode(rs, { action: 'bash', resources: ['python -c x'] }).decision, 'deny');
  });

  it('V1: the decision-string form is left to broad-catch-all', () => {
    assert.deepEqual(runs(v1({ bash: 'allow' })), []);
  });

  it('V2 action "bash" rules and wildcard actions that admit bash; one finding per root cause', () => {
    const rs = v2([['bash', 'python *', 'allow'], ['edit', 'python *', 'allow'], ['b*', 'node *', 'allow'], ['bash', 'git * main', 'allow']]);
    const fs = runs(rs);
    assert.deepEqual(rulesOf(fs).sort(), [0, 2, 3]);
    // python and node are one root cause (an interpreter with any arguments): one finding, on the first.
    assert.equal(fs.length, 2);
    assert.equal(fs.find((f) => f.data!.rule === 3)!.witness, 'git -c core.fsmonitor=id status main');
    for (const f of fs) for (const c of f.data!.claims as Array<{ request: OpencodeRequest; decision: string }>) assert.equal(evaluateOpencode(rs, c.request).decision, c.decision, JSON.stringify(c.request));
  });

  it('the same rule under several agents is one finding, every agent in it', () => {
    const rs = parseOpencode({ path: 'opencode.json', text: JSON.stringify({ agent: { build: { permission: { bash: { 'python *': 'allow' } } }, plan: { permission: { bash: { 'python *': 'allow' } } } } }) }, { builtins: false });
    const fs = runs(rs);
    assert.equal(fs.length, 1);
    assert.deepEqual(rulesOf(fs).length, 2);
    assert.match(fs[0].related!.map((r) => r.message).join('\n'), /agent plan/);
  });

  it('an edit allow that reaches .git: any command runs on the next git command', () => {
    const rs = v1({ edit: { 'src/*': 'allow', '.*': 'allow' } }, true);
    const [f] = runs(rs);
    // .git/config before a hook: core.fsmonitor runs whatever the file's mode; a new hook is not executable.
    assert.equal(f.witness, '.git/config');
    assert.equal(f.severity, 'warning');
    assert.equal(evaluateOpencode(rs, { action: 'edit', resources: ['.git/config'] }).decision, 'allow');
    const hooks = runs(v1({ edit: { 'src/*': 'allow', '.git/hooks/*': 'allow' } }, true));
    assert.equal(hooks[0]?.witness, '.git/hooks/pre-commit');
    const all = lintOpencode(v1({ edit: { '*': 'allow' } }, true));
    assert.deepEqual(runs(v1({ edit: { '*': 'allow' } }, true)), [], 'a universal edit allow is broad-catch-all\'s');
    void all;
  });
});
