// RuleLens against the published Claude Code CLI, every pinned version: a fast-check property generates
// a file system, settings and a tool call; each version decides it offline (loopback mock of the
// Messages API, fresh HOME and project laid out as the case says) and RuleLens must decide the same,
// judging the very same folders through the real file system. Every disagreement found is kept as a
// regression row in test/unit/claude/differential-rows.json, or — where RuleLens stays stricter on
// purpose — in the STRICTER list (test/unit/claude/stricter-rows.ts), the only disagreements the run
// lets pass. Budget: DIFF_RUNS (CI: 10), seed:
// DIFF_SEED, versions: DIFF_CLAUDE_VERSIONS (default: all pinned), report: DIFF_REPORT (a JSON file).
//
// DIFF_GROUP=N generates N calls per layout and settings and lets one CLI session answer them in turn
// (a session costs a second or more to start; a call in it a fraction of that). A call that changes
// the folders or may change the session's working folder ends its session there; the calls after it
// go to a fresh one. DIFF_REPLAY_CACHE=1 also replays every answer cached so far against RuleLens.
import * as assert from 'assert';
import { lstatSync, readdirSync, readFileSync, readlinkSync, rmSync, writeFileSync } from 'fs';
import { join } from 'path';
import fc from 'fast-check';
import { evaluateClaude, initShellParser, parseClaude, type ClaudeRequest } from '../../shared/dialects/claude';
import { nodePathFs } from '../../shared/host/node-fs';
import type { Decision } from '../../shared/model';
import { diffRuns, diffSeed } from './oracle-cache';
import { caseArb, groupArb } from './claude/generators';
import { startMockApi, type MockApi } from './claude/mock-api';
import { openAnswerCache, type AnswerCache } from './claude/answer-cache';
import { STRICTER } from '../unit/claude/stricter-rows';
import { askBatch, askPrepared, claudeBinary, claudeVersions, fillCase, freshDirs, materialize, refusedBeforePermissions, type CaseDirs, type OracleCase } from './claude/oracle';

/** CLI runs in flight at once (each is a separate process; the machine is shared). */
const PARALLEL = Number(process.env.DIFF_PARALLEL ?? 2);
/** Calls generated per layout and settings, answered by one CLI session (1: a session per case). */
const GROUP = Math.max(1, Number(process.env.DIFF_GROUP ?? 1));

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

/** Everything a later call could be judged on: the project (but its settings), the outside folder and HOME (but the CLI's own files). */
function folderState(dirs: CaseDirs): string {
  const out: string[] = [];
  const walk = (root: string, rel: string, skip: (name: string) => boolean) => {
    let names: string[];
    try {
      names = readdirSync(join(root, rel)).sort();
    } catch {
      return;
    }
    for (const name of names) {
      if (rel === '' && skip(name)) continue;
      const p = rel ? `${rel}/${name}` : name;
      const st = lstatSync(join(root, p));
      if (st.isSymbolicLink()) out.push(`${p} -> ${readlinkSync(join(root, p))}`);
      else if (st.isDirectory()) {
        out.push(`${p}/`);
        walk(root, p, skip);
      } else out.push(`${p} ${st.size} ${st.size <= 65536 ? readFileSync(join(root, p), 'utf8') : ''}`);
    }
  };
  walk(dirs.project, '', (n) => n === '.claude');
  out.push('--');
  walk(dirs.outside, '', () => false);
  out.push('--');
  walk(dirs.home, '', (n) => n.startsWith('.claude'));
  return out.join('\n');
}

/** A Bash call that may move the session's working folder (the CLI keeps a `cd` for the next call). */
const movesFolder = (c: OracleCase) => c.call.name === 'Bash' && /(?:^|[^\w-])(?:cd|pushd|popd)(?:$|[^\w-])/.test(String(c.call.input.command));
/** A call likely to write when allowed: asked last in its session (an order only; the folder check decides). */
const mayWrite = (c: OracleCase) => c.call.name === 'Write' || c.call.name === 'Edit' || (c.call.name === 'Bash' && />|\b(?:rm|mv|cp|touch|mkdir|rmdir|tee|ln|tar|truncate|dd|sed|sort|find|xargs|curl|wget|git|npm|awk)\b/.test(String(c.call.input.command)));

/** What one worker did: sessions started and cases answered by the CLI in them. */
interface Work {
  sessions: number;
  asked: number;
}

/**
 * Cases on one layout and one version, answered in as few CLI sessions as the folders allow: each
 * session is laid out fresh, RuleLens judges every pending case on it before the CLI runs, and the
 * session stops after a call that changed the folders or may move the working folder.
 */
async function runBatch(bin: string, version: string, api: MockApi, cache: AnswerCache, cases: readonly OracleCase[], work: Work): Promise<Array<Outcome | { c: OracleCase; version: string; error: string }>> {
  const done: Array<Outcome | { c: OracleCase; version: string; error: string }> = [];
  let pending = [...cases].sort((a, b) => Number(mayWrite(a) || movesFolder(a)) - Number(mayWrite(b) || movesFolder(b)));
  while (pending.length) {
    const dirs = freshDirs();
    try {
      const filled = pending.map((c) => fillCase(c, dirs));
      materialize(filled[0], dirs);
      const mine = filled.map((f) => rulelensDecides(f, dirs));
      const ask: number[] = [];
      pending.forEach((c, k) => {
        const known = cache.get(c);
        if (known) done.push({ c, version, cli: known.decision, evidence: known.evidence, rulelens: mine[k].decision, branch: mine[k].branch, cached: true, unjudged: refusedBeforePermissions(known) });
        else ask.push(k);
      });
      if (!ask.length) return done;
      const before = folderState(dirs);
      let answers: Array<Awaited<ReturnType<typeof askPrepared>> | undefined>;
      try {
        work.sessions++;
        answers = await askBatch(bin, api, ask.map((k) => filled[k]), dirs, (j) => !movesFolder(pending[ask[j]]) && folderState(dirs) === before);
      } catch {
        // A session that gave no result: its first call alone, retried, tells a harness failure from a hard case.
        const first = pending[ask[0]];
        rmSync(dirs.base, { recursive: true, force: true });
        done.push(await runCaseSafely(bin, version, api, cache, first));
        work.sessions++;
        pending = pending.filter((c) => c !== first && !cache.get(c) && !done.some((d) => d.c === c));
        continue;
      }
      const rest: OracleCase[] = [];
      ask.forEach((k, j) => {
        const a = answers[j];
        if (!a) return rest.push(pending[k]);
        cache.put(pending[k], a);
        work.asked++;
        done.push({ c: pending[k], version, cli: a.decision, evidence: a.evidence, rulelens: mine[k].decision, branch: mine[k].branch, cached: false, unjudged: refusedBeforePermissions(a) });
      });
      // No call answered: the first one alone, so a batch always moves on.
      if (rest.length === ask.length) {
        done.push(await runCaseSafely(bin, version, api, cache, rest[0]));
        work.sessions++;
        rest.shift();
      }
      pending = rest;
    } finally {
      rmSync(dirs.base, { recursive: true, force: true });
    }
  }
  return done;
}

/** The layout and settings of a case: cases that share them can share a session. */
const layoutKey = (c: OracleCase) => JSON.stringify({ ...c, call: undefined });

function describeOutcome(d: Outcome): string {
  const state = Object.keys(d.c.links ?? {}).length ? ` links ${JSON.stringify(d.c.links)}` : '';
  return `[${d.version}] ${JSON.stringify(d.c.project)}${state} ${d.c.call.name} ${JSON.stringify(d.c.call.input)}: CLI ${d.cli} (${d.evidence.slice(0, 200)}), RuleLens ${d.rulelens} (${d.branch.slice(0, 300)})`;
}

/**
 * Prints the counts per version and fails on any harness error, wrong allow or disagreement (in
 * that order: a wrong allow is the worst). `DIFF_REPORT` names a JSON file for the details.
 */
function judgeOutcomes(outcomes: Outcome[], errors: Array<{ c: OracleCase; version: string; error: string }>, versions: readonly string[], cases: number, strict = true): void {
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
  if (report) writeFileSync(report, JSON.stringify({ versions, cases, outcomes: outcomes.length, errors, wrongAllows, disagreements, versionSplits }, null, 1));
  assert.deepStrictEqual(errors.map((e) => `[${e.version}] ${e.c.call.name} ${JSON.stringify(e.c.call.input)}: ${e.error}`), [], `${errors.length} cases the harness could not run`);
  assert.deepStrictEqual(wrongAllows.map(describeOutcome), [], `${wrongAllows.length} wrong allows in ${outcomes.length} answers`);
  const unlisted = disagreements.filter((o) => !listedStricter(o));
  for (const d of disagreements.filter(listedStricter)) console.log(`      stricter (listed): ${describeOutcome(d).slice(0, 300)}`);
  if (strict) assert.deepStrictEqual(unlisted.map(describeOutcome), [], `${unlisted.length} of ${outcomes.length} answers disagree (not in the STRICTER list)`);
  else for (const d of unlisted) console.log(`      stricter: ${describeOutcome(d).slice(0, 400)}`);
}

/**
 * Whether a disagreement is one RuleLens keeps on purpose: the STRICTER list (test/unit/claude/
 * stricter-rows.ts) names the same request with the same two answers, and a reason.
 */
function listedStricter(o: Outcome): boolean {
  const input = o.c.call.input;
  const subject = o.c.call.name === 'Bash' ? input.command : input.file_path ?? input.url;
  return STRICTER.some(([, req, cli, ours, why]) => why.trim() !== '' && req.tool === o.c.call.name && (req.command ?? req.path ?? req.url) === subject && cli === o.cli && ours === o.rulelens);
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
    const runs = diffRuns(10);
    const seed = diffSeed() ?? 1;
    const cases = GROUP === 1 ? fc.sample(fc.noBias(caseArb), { numRuns: runs, seed }) : fc.sample(fc.noBias(groupArb(GROUP)), { numRuns: Math.ceil(runs / GROUP), seed }).flat().slice(0, runs);
    // Cases of one layout and settings share a session, per version.
    const byLayout = new Map<string, OracleCase[]>();
    for (const c of cases) byLayout.set(layoutKey(c), [...(byLayout.get(layoutKey(c)) ?? []), c]);
    const jobs = [...byLayout.values()].flatMap((group) => versions.map((version) => ({ group, version })));
    const outcomes: Outcome[] = [];
    const errors: Array<{ c: OracleCase; version: string; error: string }> = [];
    const work: Work = { sessions: 0, asked: 0 };
    let next = 0;
    // One mock per worker: a mock serves one session at a time.
    await Promise.all(
      apis.map(async (api) => {
        while (next < jobs.length) {
          const { group, version } = jobs[next++];
          const got = group.length === 1 ? [await runCaseSafely(bins.get(version)!, version, api, caches.get(version)!, group[0])] : await runBatch(bins.get(version)!, version, api, caches.get(version)!, group, work);
          if (group.length === 1 && !('error' in got[0]) && !got[0].cached) {
            work.sessions++;
            work.asked++;
          }
          for (const o of got) {
            if ('error' in o) errors.push(o);
            else outcomes.push(o);
          }
        }
      }),
    );
    console.log(`    ${cases.length} cases, ${GROUP} per layout: ${work.asked} CLI answers in ${work.sessions} sessions`);
    judgeOutcomes(outcomes, errors, versions, cases.length);
  });

  it('decides every answer cached so far as that CLI version did (DIFF_REPLAY_CACHE=1)', function () {
    if (process.env.DIFF_REPLAY_CACHE !== '1') this.skip();
    const outcomes: Outcome[] = [];
    for (const version of versions) {
      const entries = caches.get(version)!.entries();
      if (!entries.length) this.skip();
      for (const { c, answer, current } of entries) {
        const dirs = freshDirs();
        try {
          const filled = fillCase(c, dirs);
          materialize(filled, dirs);
          const mine = rulelensDecides(filled, dirs);
          // An answer read an older way is compared as allow or not (a RuleLens ask stands for its deny and back).
          const cli = current || (mine.decision === 'allow') !== (answer.decision === 'allow') ? answer.decision : mine.decision;
          outcomes.push({ c, version, cli, evidence: answer.evidence, rulelens: mine.decision, branch: mine.branch, cached: true, unjudged: refusedBeforePermissions(answer) });
        } finally {
          rmSync(dirs.base, { recursive: true, force: true });
        }
      }
    }
    // The store keeps the answers of every earlier generator and of the known stricter cases
    // (differential-rows.json): only a wrong allow fails here; the rest is listed.
    judgeOutcomes(outcomes, [], versions, outcomes.length, false);
  });
});
