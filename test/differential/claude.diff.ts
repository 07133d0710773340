// RuleLens against the published Claude Code CLI: a fast-check property generates settings and tool
// calls, the CLI decides each offline (loopback mock of the Messages API, fresh HOME and project),
// and RuleLens must decide the same. Every disagreement found is kept as a regression row in
// test/unit/claude/agent-rows.test.ts. Budget: DIFF_RUNS (CI: 10), seed: DIFF_SEED.
import * as assert from 'assert';
import { rmSync, writeFileSync } from 'fs';
import fc from 'fast-check';
import { evaluateClaude, initShellParser, parseClaude, type ClaudeRequest } from '../../shared/dialects/claude';
import type { Decision } from '../../shared/model';
import { diffRuns, diffSeed } from './oracle-cache';
import { caseArb } from './claude/generators';
import { startMockApi, type MockApi } from './claude/mock-api';
import { openAnswerCache, type AnswerCache } from './claude/answer-cache';
import { askClaudeCode, CLAUDE_CODE_VERSION, claudeBinary, freshDirs, type OracleCase } from './claude/oracle';

/** CLI runs in flight at once (each is a separate process; the machine is shared). */
const PARALLEL = Number(process.env.DIFF_PARALLEL ?? 2);

interface Outcome {
  c: OracleCase;
  cli: Decision;
  evidence: string;
  rulelens: Decision;
  branch: string;
}

function fill<T>(value: T, project: string, home: string): T {
  return JSON.parse(JSON.stringify(value).split('{{project}}').join(project).split('{{home}}').join(home));
}

/** What RuleLens decides for a case, in the same folders the CLI saw. */
function rulelensDecides(c: OracleCase, project: string, home: string): { decision: Decision; branch: string } {
  const rs = parseClaude({ path: `${project}/.claude/settings.json`, text: JSON.stringify(c.project ?? {}) }, { root: project, home });
  const input = c.call.input;
  const req: ClaudeRequest =
    c.call.name === 'Bash'
      ? { tool: 'Bash', command: String(input.command) }
      : c.call.name === 'WebFetch'
        ? { tool: 'WebFetch', url: String(input.url) }
        : { tool: c.call.name, path: String(input.file_path) };
  const v = evaluateClaude(rs, req, { root: project, home });
  return { decision: v.decision, branch: `${v.trace.branch} | ${v.trace.sections.map((s) => `${s.kind} ${s.subject}: ${s.decision} — ${s.branch}`).join(' | ')}` };
}

async function runCase(bin: string, api: MockApi, cache: AnswerCache, c: OracleCase): Promise<Outcome & { cached: boolean }> {
  const dirs = freshDirs();
  const filled = fill(c, dirs.project, dirs.home);
  const mine = rulelensDecides(filled, dirs.project, dirs.home);
  const known = cache.get(c);
  let answer = known;
  if (answer) rmSync(dirs.base, { recursive: true, force: true });
  else {
    answer = await askClaudeCode(bin, api, filled, dirs);
    cache.put(c, answer);
  }
  return { c, cli: answer.decision, evidence: answer.evidence, rulelens: mine.decision, branch: mine.branch, cached: known !== undefined };
}

describe('differential: claude (Claude Code CLI)', function () {
  this.timeout(0);
  let bin: string;
  let apis: MockApi[] = [];
  let cache: AnswerCache;

  before(async () => {
    bin = claudeBinary();
    cache = openAnswerCache('claude-code', CLAUDE_CODE_VERSION);
    await initShellParser();
    apis = await Promise.all(Array.from({ length: PARALLEL }, () => startMockApi()));
  });
  after(async () => {
    await Promise.all(apis.map((a) => a.close()));
  });

  it('decides every generated settings × tool call as the real CLI does', async () => {
    const runs = diffRuns(10);
    const cases = fc.sample(caseArb, { numRuns: runs, seed: diffSeed() ?? 1 });
    const outcomes: Outcome[] = [];
    let cached = 0;
    let next = 0;
    // One mock per worker: a mock serves one session at a time.
    await Promise.all(
      apis.map(async (api) => {
        while (next < cases.length) {
          const c = cases[next++];
          const { cached: hit, ...o } = await runCase(bin, api, cache, c);
          if (hit) cached++;
          outcomes.push(o);
        }
      }),
    );
    const disagreements = outcomes.filter((o) => o.cli !== o.rulelens);
    const report = process.env.DIFF_REPORT;
    if (report) writeFileSync(report, JSON.stringify({ cases: outcomes.length, cached, disagreements }, null, 1));
    console.log(`    ${outcomes.length} cases (${cached} answered from the cache), ${disagreements.length} disagreements`);
    assert.deepStrictEqual(
      disagreements.map((d) => `${JSON.stringify(d.c.project)} ${d.c.call.name} ${JSON.stringify(d.c.call.input)}: CLI ${d.cli} (${d.evidence.slice(0, 200)}), RuleLens ${d.rulelens} (${d.branch.slice(0, 300)})`),
      [],
      `${disagreements.length} of ${outcomes.length} cases disagree`,
    );
  });
});
