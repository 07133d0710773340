// RuleLens's OpenCode policy against the real OpenCode (opencode-ai, pinned) over several config
// files at once: `opencode.json` / `opencode.jsonc` of the repository root and of a project folder
// under it, each folder's `.opencode/opencode.json(c)`, and the `OPENCODE_CONFIG_CONTENT` /
// `OPENCODE_PERMISSION` layers (named to RuleLens through `ctx.opencodeEnv`, set in the oracle's
// environment). RuleLens finds the files through the dialect's policy capability, from one of them
// (any one: the merge must not depend on which file is checked), and the agent's effective list and
// its decisions must be OpenCode's. Budget: DIFF_RUNS, seed: DIFF_SEED.
import { strict as assert } from 'assert';
import { mkdirSync, writeFileSync } from 'fs';
import { dirname, join } from 'path';
import fc from 'fast-check';
import { evaluateOpencode } from '../../shared/dialects/opencode/evaluate';
import { chooseAgent } from '../../shared/dialects/opencode/agents';
import { opencodeMembers, parseOpencodePolicy } from '../../shared/dialects/opencode/policy';
import type { EvalContext } from '../../shared/model';
import type { PolicyHost } from '../../shared/dialects/dialect';
import { diffRuns, diffSeed } from './oracle-cache';
import { debugAgent, freshProject, opencodeBinary } from './opencode/oracle';
import { lastMatch, ours } from './opencode/spec-matcher';
import { configCase, probe } from './opencode/generate';

/** Where a generated config may sit, relative to the repository root. */
const PLACES = ['opencode.json', 'opencode.jsonc', '.opencode/opencode.json', '.opencode/opencode.jsonc', 'sub/opencode.json', 'sub/opencode.jsonc', 'sub/.opencode/opencode.json', 'sub/.opencode/opencode.jsonc'] as const;

interface PolicyCase {
  /** The files written, by place. */
  files: Record<string, Record<string, unknown>>;
  /** Whether the root is a git repository (`.git/HEAD`); without one only the project's folder counts. */
  git: boolean;
  /** Whether OpenCode runs in `sub/` (else in the root). */
  sub: boolean;
  content?: Record<string, unknown>;
  permission?: Record<string, unknown>;
  agent: string;
  /** Which present file RuleLens is asked to check (an index into the present files). */
  checked: number;
}

const policyCase: fc.Arbitrary<PolicyCase> = fc
  .record({
    placed: fc.uniqueArray(fc.tuple(fc.constantFrom(...PLACES), configCase), { selector: (t) => t[0], minLength: 1, maxLength: 4 }),
    git: fc.boolean(),
    sub: fc.boolean(),
    content: fc.option(configCase, { nil: undefined }),
    // OPENCODE_PERMISSION as people write it: an object (a bare decision string is a finding: OpenCode
    // spreads its characters into permission names, which RuleLens leaves out).
    permission: fc.option(configCase.map((c) => (typeof c.config.permission === 'object' ? c.config.permission : { '*': c.config.permission ?? 'ask' })), { nil: undefined, freq: 4 }),
    checked: fc.nat(),
    agentFrom: fc.nat(),
  })
  .map((r) => {
    // Outside a repository OpenCode reads the folders above the project up to `/`; RuleLens reads
    // only the project's own (a documented difference), so such a case keeps to the project's files.
    const placed = !r.git && r.sub ? r.placed.filter(([place]) => place.startsWith('sub/')) : r.placed;
    const files = Object.fromEntries(placed.map(([place, c]) => [place, c.config]));
    const agents = ['build', ...placed.map(([, c]) => c.agent), ...(r.content ? [r.content.agent] : [])];
    return {
      files,
      git: r.git,
      sub: r.sub,
      ...(r.content ? { content: r.content.config } : {}),
      ...(r.permission !== undefined ? { permission: r.permission as Record<string, unknown> } : {}),
      agent: agents[r.agentFrom % agents.length],
      checked: r.checked,
    };
  });

/** A host over the case's folder as written: files by path, folder listings for the `.git` walk. */
function caseHost(files: Record<string, string>): PolicyHost {
  return {
    readFile: (p: string) => files[p],
    list: (d: string) => {
      const prefix = `${d}/`;
      const names = new Set<string>();
      for (const p of Object.keys(files)) if (p.startsWith(prefix)) names.add(p.slice(prefix.length).split('/')[0]);
      return names.size ? [...names].map((name) => ({ name, kind: files[`${prefix}${name}`] !== undefined ? 'file' : 'dir' })) : undefined;
    },
  };
}

async function compare(c: PolicyCase, bin: string, probes: Array<{ action: string; resource: string }>): Promise<void> {
  const p = freshProject('{}');
  try {
    const root = p.project;
    const texts: Record<string, string> = {};
    // freshProject wrote an empty opencode.json at the root: replace it with the case's or remove it from the picture.
    texts[join(root, 'opencode.json')] = '{}';
    for (const [place, config] of Object.entries(c.files)) texts[join(root, place)] = JSON.stringify(config, null, 2);
    if (c.git) texts[join(root, '.git', 'HEAD')] = 'ref: refs/heads/main\n';
    if (c.sub) texts[join(root, 'sub', '.keep')] = '';
    for (const [path, text] of Object.entries(texts)) {
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, text);
    }
    const cwd = c.sub ? join(root, 'sub') : root;
    const env: Record<string, string> = {};
    if (c.content) env.OPENCODE_CONFIG_CONTENT = JSON.stringify(c.content);
    if (c.permission !== undefined) env.OPENCODE_PERMISSION = JSON.stringify(c.permission);
    const answer = await debugAgent(bin, cwd, p.home, c.agent, env);

    // The files of the project OpenCode runs in: a file of the project's own folders.
    const project = (path: string) => (c.sub ? path.startsWith(`${root}/sub/`) : !path.startsWith(`${root}/sub/`));
    const present = Object.keys(texts).filter((x) => /opencode\.jsonc?$/.test(x) && project(x)).sort();
    const checked = present.length ? present[c.checked % present.length] : join(cwd, 'opencode.json');
    const ctx: EvalContext = {
      home: p.home,
      // OpenCode's worktree: the repository root, or `/` outside a repository.
      root: c.git ? root : '/',
      opencodeEnv: { ...(c.content ? { content: env.OPENCODE_CONFIG_CONTENT } : {}), ...(c.permission !== undefined ? { permission: env.OPENCODE_PERMISSION } : {}) },
    };
    const host = caseHost(texts);
    const file = { path: checked, text: texts[checked] ?? '{}' };
    const rs = parseOpencodePolicy(file, opencodeMembers(file, host, ctx), ctx);
    const shown = JSON.stringify({ ...c, checked }, null, 1);
    const errors = rs.findings.filter((f) => f.severity === 'error');
    assert.deepEqual(errors, [], `generated configs have errors: ${shown}`);
    const choice = chooseAgent(rs, { action: 'edit', resources: ['x'], agent: c.agent });
    if (!answer.ok) {
      assert.equal(choice.ok, false, `OpenCode refuses agent "${c.agent}" (${answer.error.split('\n')[0]}) but RuleLens runs it, for ${shown}`);
      return;
    }
    assert.equal(choice.ok, true, `OpenCode runs agent "${c.agent}" but RuleLens refuses it, for ${shown}`);
    assert.deepEqual(ours(rs, c.agent, p.home), answer.rules, `effective list of "${c.agent}" differs for ${shown}`);
    for (const q of probes) {
      const req = { action: q.action, resources: [q.resource], agent: c.agent };
      assert.equal(evaluateOpencode(rs, req).decision, lastMatch(answer.rules, q.action, q.resource), `${q.action} ${JSON.stringify(q.resource)} as "${c.agent}" for ${shown}`);
    }
  } finally {
    p.dispose();
  }
}

describe('differential: OpenCode policies (root and .opencode configs, env layers) against opencode debug agent', function () {
  this.timeout(0);
  let bin: string;
  before(function () {
    bin = opencodeBinary();
  });

  it('the issue\'s case: root opencode.json and .opencode/opencode.json merged, .opencode last', async function () {
    await compare({ files: { 'opencode.json': { permission: { bash: { 'rm *': 'deny', 'git *': 'ask' } } }, '.opencode/opencode.json': { permission: { bash: { 'rm *': 'allow' } } } }, git: false, sub: false, agent: 'build', checked: 0 }, bin, [{ action: 'bash', resource: 'rm -rf x' }, { action: 'bash', resource: 'git status' }]);
  });

  it('generated policies: the same list and the same decisions, whichever file is checked', async function () {
    await fc.assert(
      fc.asyncProperty(policyCase, fc.array(probe, { minLength: 4, maxLength: 10 }), async (c, probes) => compare(c, bin, probes)),
      // Each case runs OpenCode (seconds): report the first counterexample rather than shrink it.
      { numRuns: diffRuns(), seed: diffSeed(), endOnFailure: true },
    );
  });
});
