// RuleLens against the published Claude Code CLI over whole policies: rules, modes and the agent's
// guards spread over the project, local, user and managed settings, and a generated PreToolUse hook
// that answers allow, ask, deny, exit 2 or nothing. RuleLens decides with the same files (found
// through the dialect's policy capability) and the hook's answer pinned in the request, as a
// stored request would pin it. Budget: DIFF_RUNS (CI: 10), seed: DIFF_SEED.
import * as assert from 'assert';
import { writeFileSync } from 'fs';
import { rmSync } from 'fs';
import fc from 'fast-check';
import { claudeMembers, evaluateClaude, initShellParser, parseClaudePolicy, type ClaudeRequest } from '../../shared/dialects/claude';
import type { Decision } from '../../shared/model';
import { nodePathFs } from '../../shared/host/node-fs';
import { diffRuns, diffSeed } from './oracle-cache';
import { HOOK_ANSWERS, policyCaseArb, type PolicyCase } from './claude/policy-generators';
import { startMockApi, type MockApi } from './claude/mock-api';
import { openAnswerCache, type AnswerCache } from './claude/answer-cache';
import { askClaudeCode, CLAUDE_CODE_VERSION, claudeBinary, freshDirs, type OracleCase } from './claude/oracle';

const PARALLEL = Number(process.env.DIFF_PARALLEL ?? 2);
/** The CLI asked: the pinned one, or another published version (`CLAUDE_ORACLE_VERSION=2.1.332`). */
const VERSION = process.env.CLAUDE_ORACLE_VERSION ?? CLAUDE_CODE_VERSION;

function fill<T>(value: T, dirs: { base: string; project: string; home: string }): T {
  return JSON.parse(JSON.stringify(value).split('{{project}}').join(dirs.project).split('{{home}}').join(dirs.home).split('{{base}}').join(dirs.base));
}

const json = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v, null, 2));

/** What RuleLens decides with the case's policy, in the folders the CLI saw. */
function rulelensDecides(c: OracleCase, hook: PolicyCase['hook'], dirs: { project: string; home: string }): { decision: Decision; branch: string } {
  const settings = `${dirs.project}/.claude/settings.json`;
  const files: Record<string, string> = {};
  if (c.project !== undefined) files[settings] = json(c.project);
  if (c.local !== undefined) files[`${dirs.project}/.claude/settings.local.json`] = json(c.local);
  // The folders the CLI saw, as they are on disk: without a file system RuleLens proves no path.
  const ctx = {
    root: dirs.project,
    home: dirs.home,
    fs: nodePathFs,
    ...(c.user !== undefined ? { userSettings: { path: `${dirs.home}/.claude/settings.json`, text: json(c.user) } } : {}),
    ...(c.managed !== undefined ? { managedSettings: { path: '/etc/claude-code/managed-settings.json', text: json(c.managed) } } : {}),
  };
  const main = { path: settings, text: files[settings] ?? '{}' };
  const rs = parseClaudePolicy(main, claudeMembers(main, { readFile: (p) => files[p] }, ctx), ctx);
  const input = c.call.input;
  const base: ClaudeRequest = c.call.name === 'Bash' ? { tool: 'Bash', command: String(input.command) } : { tool: c.call.name, path: String(input.file_path) };
  const req: ClaudeRequest = hook ? { ...base, hook: HOOK_ANSWERS[hook] } : base;
  const v = evaluateClaude(rs, req, ctx);
  return { decision: v.decision, branch: `${v.trace.branch} | ${v.trace.sections.map((s) => `${s.kind} ${s.subject}: ${s.decision} — ${s.branch}`).join(' | ')}` };
}

describe('differential: claude policies (settings layers, guards, hooks) against the Claude Code CLI', function () {
  this.timeout(0);
  let bin: string;
  let apis: MockApi[] = [];
  let cache: AnswerCache;

  before(async () => {
    bin = claudeBinary(VERSION);
    cache = openAnswerCache('claude-code-policy', VERSION);
    await initShellParser();
    apis = await Promise.all(Array.from({ length: PARALLEL }, () => startMockApi()));
  });
  after(async () => {
    await Promise.all(apis.map((a) => a.close()));
  });

  it('decides every generated policy × tool call as the real CLI does', async () => {
    const cases = fc.sample(policyCaseArb, { numRuns: diffRuns(10), seed: diffSeed() ?? 1 });
    const outcomes: Array<{ p: PolicyCase; cli: Decision; evidence: string; rulelens: Decision; branch: string }> = [];
    let cached = 0;
    let next = 0;
    await Promise.all(
      apis.map(async (api) => {
        while (next < cases.length) {
          const p = cases[next++];
          const dirs = freshDirs();
          const filled = fill(p.c, dirs);
          const mine = rulelensDecides(filled, p.hook, dirs);
          let answer = cache.get(p.c);
          if (answer) {
            cached++;
            rmSync(dirs.base, { recursive: true, force: true });
          } else {
            answer = await askClaudeCode(bin, api, filled, dirs);
            cache.put(p.c, answer);
          }
          outcomes.push({ p, cli: answer.decision, evidence: answer.evidence, rulelens: mine.decision, branch: mine.branch });
        }
      }),
    );
    const disagreements = outcomes.filter((o) => o.cli !== o.rulelens);
    if (process.env.DIFF_REPORT) writeFileSync(process.env.DIFF_REPORT, JSON.stringify({ cases: outcomes.length, cached, disagreements }, null, 1));
    console.log(`    ${outcomes.length} policy cases (${cached} answered from the cache), ${disagreements.length} disagreements`);
    assert.deepStrictEqual(
      disagreements.map((d) => `${JSON.stringify({ ...d.p.c, files: undefined })} hook ${d.p.hook}: CLI ${d.cli} (${d.evidence.slice(0, 240)}), RuleLens ${d.rulelens} (${d.branch.slice(0, 400)})`),
      [],
      `${disagreements.length} of ${outcomes.length} cases disagree`,
    );
  });
});
