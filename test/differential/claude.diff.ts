// RuleLens against the published Claude Code CLI, every pinned version: a fast-check property generates
// a file system, settings and a tool call; each version decides it offline (loopback mock of the
// Messages API, fresh HOME and project laid out as the case says) and RuleLens must decide the same,
// judging the very same folders through the real file system. Every disagreement found is kept as a
// regression row in test/unit/claude/agent-rows.test.ts. Budget: DIFF_RUNS (CI: 10), seed: DIFF_SEED,
// versions: DIFF_CLAUDE_VERSIONS (default: all pinned), report: DIFF_REPORT (a JSON file).
import * as assert from 'assert';
import { rmSync, writeFileSync } from 'fs';
import fc from 'fast-check';
import { evaluateClaude, initShellParser, parseClaude, type ClaudeRequest } from '../../shared/dialects/claude';
import { nodePathFs } from '../../shared/host/node-fs';
import type { Decision } from '../../shared/model';
import { diffRuns, diffSeed } from './oracle-cache';
import { caseArb } from './claude/generators';
import { startMockApi, type MockApi } from './claude/mock-api';
import { openAnswerCache, type AnswerCache } from './claude/answer-cache';
import { askPrepared, claudeBinary, claudeVersions, fillCase, freshDirs, materialize, refusedBeforePermissions, type CaseDirs, type OracleCase } from './claude/oracle';

/** CLI runs in flight at once (each is a separate process; the machine is shared). */
const PARALLEL = Number(process.env.DIFF_PARALLEL ?? 2);

interface Outcome {
  c: OracleCase;
  version: string;
  cli: Decision;
  evidence: string;
  rulelens: Decision;
  branch: string;
  cached: boolean;
  /** The CLI refused the call before its permission check: no decision to compare. */
  unjudged: boolean;
}

/** What RuleLens decides for a filled case, in the folders (and on the file system) the CLI sees. */
function rulelensDecides(c: OracleCase, dirs: CaseDirs): { decision: Decision; branch: string } {
  const { project, home } = dirs;
  const rs = parseClaude({ path: `${project}/.claude/settings.json`, text: JSON.stringify(c.project ?? {}) }, { root: project, home });
  const input = c.call.input;
  const req: ClaudeRequest =
    c.call.name === 'Bash'
      ? { tool: 'Bash', command: String(input.command) }
      : c.call.name === 'WebFetch'
        ? { tool: 'WebFetch', url: String(input.url) }
        : { tool: c.call.name, path: String(input.file_path) };
  const v = evaluateClaude(rs, req, { root: project, home, fs: nodePathFs });
  return { decision: v.decision, branch: `${v.trace.branch} | ${v.trace.sections.map((s) => `${s.kind} ${s.subject}: ${s.decision} — ${s.branch}`).join(' | ')}` };
}

/** A harness failure (no result, a timeout) is retried this often before it counts as an error. */
const RETRIES = 1;

/** One case on one version, retried on a harness failure; the failure is reported, not thrown, so a long run goes on. */
async function runCaseSafely(bin: string, version: string, api: MockApi, cache: AnswerCache, c: OracleCase): Promise<Outcome | { c: OracleCase; version: string; error: string }> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await runCase(bin, version, api, cache, c);
    } catch (e) {
      if (attempt >= RETRIES) return { c, version, error: String((e as Error)?.message ?? e).slice(0, 500) };
    }
  }
}

/** One case on one version: laid out fresh (an allowed command changes the folders), judged by both. */
async function runCase(bin: string, version: string, api: MockApi, cache: AnswerCache, c: OracleCase): Promise<Outcome> {
  const dirs = freshDirs();
  try {
    const filled = fillCase(c, dirs);
    materialize(filled, dirs);
    const mine = rulelensDecides(filled, dirs);
    const known = cache.get(c);
    const answer = known ?? (await askPrepared(bin, api, filled, dirs));
    if (!known) cache.put(c, answer);
    return { c, version, cli: answer.decision, evidence: answer.evidence, rulelens: mine.decision, branch: mine.branch, cached: known !== undefined, unjudged: refusedBeforePermissions(answer) };
  } finally {
    rmSync(dirs.base, { recursive: true, force: true });
  }
}

function describeOutcome(d: Outcome): string {
  const state = Object.keys(d.c.links ?? {}).length ? ` links ${JSON.stringify(d.c.links)}` : '';
  return `[${d.version}] ${JSON.stringify(d.c.project)}${state} ${d.c.call.name} ${JSON.stringify(d.c.call.input)}: CLI ${d.cli} (${d.evidence.slice(0, 200)}), RuleLens ${d.rulelens} (${d.branch.slice(0, 300)})`;
}

describe('differential: claude (Claude Code CLI, every pinned version)', function () {
  this.timeout(0);
  const versions = claudeVersions();
  const bins = new Map<string, string>();
  const caches = new Map<string, AnswerCache>();
  let apis: MockApi[] = [];

  before(async () => {
    for (const v of versions) {
      bins.set(v, claudeBinary(v));
      caches.set(v, openAnswerCache('claude-code', v));
    }
    await initShellParser();
    apis = await Promise.all(Array.from({ length: PARALLEL }, () => startMockApi()));
  });
  after(async () => {
    await Promise.all(apis.map((a) => a.close()));
  });

  it('decides every generated file system × settings × tool call as each CLI version does', async () => {
    const cases = fc.sample(fc.noBias(caseArb), { numRuns: diffRuns(10), seed: diffSeed() ?? 1 });
    const jobs = cases.flatMap((c) => versions.map((version) => ({ c, version })));
    const outcomes: Outcome[] = [];
    const errors: Array<{ c: OracleCase; version: string; error: string }> = [];
    let next = 0;
    // One mock per worker: a mock serves one session at a time.
    await Promise.all(
      apis.map(async (api) => {
        while (next < jobs.length) {
          const { c, version } = jobs[next++];
          const o = await runCaseSafely(bins.get(version)!, version, api, caches.get(version)!, c);
          if ('error' in o) errors.push(o);
          else outcomes.push(o);
        }
      }),
    );
    const judged = outcomes.filter((o) => !o.unjudged);
    const disagreements = judged.filter((o) => o.cli !== o.rulelens);
    const wrongAllows = disagreements.filter((o) => o.rulelens === 'allow');
    // A case the versions decide differently is a finding of its own: the newest is what users get.
    const byCase = new Map<string, Outcome[]>();
    for (const o of judged) byCase.set(JSON.stringify(o.c), [...(byCase.get(JSON.stringify(o.c)) ?? []), o]);
    const versionSplits = [...byCase.values()].filter((os) => new Set(os.map((o) => o.cli)).size > 1);
    for (const v of versions) {
      const mine = judged.filter((o) => o.version === v);
      const d = mine.filter((o) => o.cli !== o.rulelens);
      const skipped = outcomes.filter((o) => o.version === v && o.unjudged).length;
      console.log(`    ${v}: ${mine.length} cases judged (${mine.filter((o) => o.cached).length} answered from the cache; ${skipped} refused by the CLI before its permission check), ${d.length} disagreements, ${d.filter((o) => o.rulelens === 'allow').length} wrong allows`);
    }
    if (versionSplits.length) console.log(`    ${versionSplits.length} cases decided differently by the versions`);
    for (const os of versionSplits) console.log(`      ${os.map((o) => `${o.version} ${o.cli}`).join(', ')}: ${os[0].c.call.name} ${JSON.stringify(os[0].c.call.input)} ${JSON.stringify(os[0].c.project)}`);
    const report = process.env.DIFF_REPORT;
    if (report) writeFileSync(report, JSON.stringify({ versions, cases: cases.length, outcomes: outcomes.length, errors, wrongAllows, disagreements, versionSplits }, null, 1));
    assert.deepStrictEqual(errors.map((e) => `[${e.version}] ${e.c.call.name} ${JSON.stringify(e.c.call.input)}: ${e.error}`), [], `${errors.length} cases the harness could not run`);
    assert.deepStrictEqual(wrongAllows.map(describeOutcome), [], `${wrongAllows.length} wrong allows in ${outcomes.length} answers`);
    assert.deepStrictEqual(disagreements.map(describeOutcome), [], `${disagreements.length} of ${outcomes.length} answers disagree`);
  });
});
