import { strict as assert } from 'assert';
import { evaluateOpencode, parseOpencode } from '../../../shared/dialects/opencode';
import { lintOpencode } from '../../../shared/dialects/opencode/lint';
import type { OpencodeRuleSet } from '../../../shared/dialects/opencode';
import { DANGEROUS_PROGRAMS, runsAnythingCandidates } from '../../../shared/patterns/runs-anything';

const v1 = (permission: unknown): OpencodeRuleSet => parseOpencode({ path: 'opencode.json', text: JSON.stringify({ permission }) }, { builtins: false });
const v2 = (rules: Array<[string, string, string]>): OpencodeRuleSet =>
  parseOpencode({ path: 'opencode.json', text: JSON.stringify({ permissions: rules.map(([action, resource, effect]) => ({ action, resource, effect })) }) }, { builtins: false });
const runs = (rs: OpencodeRuleSet) => lintOpencode(rs).filter((f) => f.code === 'allow-runs-anything');

describe('opencode: allow-runs-anything', () => {
  // A universal pattern (`*`) is broad-catch-all's finding, not this one's: one root cause, one finding.
  const RISKY = ['python *', 'bash *', 'sh -c *', 'node *', 'env *', 'xargs *', 'git * main', 'find *', '/usr/bin/python3 *', 'py*', 'awk *', 'npx *', 'docker *', 'ssh *', 'uv *', 'rm *'];
  const SAFE = ['git push *', 'npm test *', 'python -m pytest *', 'bash scripts/build.sh', 'env', 'find . -name *.ts'];

  it('V1 bash keys: every risky pattern is flagged with a witness the rule alone allows', () => {
    for (const p of RISKY) {
      const rs = v1({ bash: { [p]: 'allow' } });
      const [f] = runs(rs);
      assert.ok(f, p);
      assert.ok(f.message.includes(f.witness!), p);
      // The proof is OpenCode's own evaluation: a bash request for the witness is allowed by this rule.
      const v = evaluateOpencode(rs, { action: 'bash', resources: [f.witness!] });
      assert.equal(v.decision, 'allow', `${p}: ${f.witness}`);
    }
  });

  it('V1: safe patterns, denies and asks are not flagged', () => {
    for (const p of SAFE) assert.deepEqual(runs(v1({ bash: { [p]: 'allow' } })), [], p);
    assert.deepEqual(runs(v1({ bash: { 'python *': 'deny', 'bash *': 'ask' } })), []);
  });

  it('V1: the decision-string form is left to broad-catch-all', () => {
    assert.deepEqual(runs(v1({ bash: 'allow' })), []);
  });

  it('V2 action "bash" rules, and wildcard actions that admit bash', () => {
    const rs = v2([['bash', 'python *', 'allow'], ['edit', 'python *', 'allow'], ['b*', 'node *', 'allow'], ['bash', 'git * main', 'allow']]);
    const fs = runs(rs);
    assert.deepEqual(fs.map((f) => f.data?.rule), [0, 2, 3]);
    assert.equal(fs[2].witness, 'git -c core.fsmonitor=./payload.sh status main');
    for (const f of fs) {
      const r = rs.rules[f.data!.rule as number];
      assert.equal(evaluateOpencode(v2([[r.action, r.resource, r.decision]]), { action: 'bash', resources: [f.witness!] }).decision, 'allow', r.label);
    }
  });

  it('the shared table: every witness is one plain command of the program it is filed under', () => {
    for (const [program, p] of Object.entries(DANGEROUS_PROGRAMS)) {
      for (const w of p.witnesses) {
        assert.equal(w.split(' ')[0], program, w);
        assert.doesNotMatch(w, /\s\s|[;&|<>`$()\\'"\n]/, w);
      }
    }
    assert.deepEqual(runsAnythingCandidates('ls *'), []);
    for (const p of Object.values(DANGEROUS_PROGRAMS)) assert.ok(p.reason.length > 10, 'every entry says why it is there');
    assert.ok(runsAnythingCandidates('/usr/bin/env *').some((c) => c.command === '/usr/bin/env sh ./payload.sh'));
  });
});
