// RuleLens's effective OpenCode rule lists and decisions against the real OpenCode (opencode-ai,
// the version pinned in shared/dialects/opencode/builtins.ts): `opencode debug agent NAME` prints
// the exact ordered list last-match runs over. Every disagreement found is kept as a regression
// case in test/unit/opencode-effective/.
import { strict as assert } from 'assert';
import fc from 'fast-check';
import { parseOpencode } from '../../shared/dialects/opencode/parse';
import { evaluateOpencode } from '../../shared/dialects/opencode/evaluate';
import { chooseAgent } from '../../shared/dialects/opencode/agents';
import { compileRuleSet } from '../../shared/compiled';
import { diffRuns, diffSeed } from './oracle-cache';
import { debugAgent, freshProject, opencodeBinary } from './opencode/oracle';
import { lastMatch, ours } from './opencode/spec-matcher';
import { BUILTIN_AGENTS, configCase, probe } from './opencode/generate';
import { opencode } from '../../shared/dialects/opencode';

/** OpenCode's worktree outside a git repository is `/` (the oracle's project is not a repository). */
const WORKTREE = '/';

async function compare(config: Record<string, unknown>, agent: string, bin: string, probes: Array<{ action: string; resource: string }>): Promise<void> {
  const text = JSON.stringify(config, null, 2);
  const p = freshProject(text);
  try {
    const answer = await debugAgent(bin, p.project, p.home, agent);
    const rs = parseOpencode({ path: `${p.project}/opencode.json`, text }, { home: p.home, root: WORKTREE });
    const errors = rs.findings.filter((f) => f.severity === 'error');
    assert.deepEqual(errors, [], `generated config has errors: ${text}`);
    const choice = chooseAgent(rs, { action: 'edit', resources: ['x'], agent });
    if (!answer.ok) {
      assert.equal(choice.ok, false, `OpenCode refuses agent "${agent}" (${answer.error.split('\n')[0]}) but RuleLens runs it, for ${text}`);
      const v = evaluateOpencode(rs, { action: 'read', resources: ['a'], agent });
      assert.equal(v.decision, 'deny');
      return;
    }
    assert.equal(choice.ok, true, `OpenCode runs agent "${agent}" but RuleLens refuses it, for ${text}`);
    assert.deepEqual(ours(rs, agent, p.home), answer.rules, `effective list of "${agent}" differs for ${text}`);
    const compiled = compileRuleSet(rs, opencode);
    for (const q of probes) {
      const req = { action: q.action, resources: [q.resource], agent };
      const want = lastMatch(answer.rules, q.action, q.resource);
      assert.equal(evaluateOpencode(rs, req).decision, want, `${q.action} ${JSON.stringify(q.resource)} as "${agent}" for ${text}`);
      assert.equal(compiled.evaluate(req).decision, want, `compiled: ${q.action} ${JSON.stringify(q.resource)} as "${agent}" for ${text}`);
    }
  } finally {
    p.dispose();
  }
}

describe('differential: OpenCode effective rules against opencode debug agent', function () {
  let bin: string;
  before(function () {
    bin = opencodeBinary();
  });

  it('every built-in agent, for the config of the issue ("bash": {"rm *": "deny"})', async function () {
    for (const agent of BUILTIN_AGENTS) await compare({ permission: { bash: { 'rm *': 'deny' } } }, agent, bin, [{ action: 'bash', resource: 'ls' }, { action: 'edit', resource: 'src/a.ts' }, { action: 'read', resource: '.env' }]);
  });

  it('generated configs: the same list and the same decisions for the agent asked', async function () {
    await fc.assert(
      fc.asyncProperty(configCase, fc.array(probe, { minLength: 4, maxLength: 12 }), async (c, probes) => compare(c.config, c.agent, bin, probes)),
      { numRuns: diffRuns(), seed: diffSeed() },
    );
  });
});
