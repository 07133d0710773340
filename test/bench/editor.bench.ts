import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { pathToFileURL } from 'url';
import { DEBOUNCE_MS } from '../../server/handlers/validation';
import { buildServer } from '../protocol/build';
import { LspClient } from '../protocol/lsp-client';
import { editorWorkloads, type EditorWorkload } from './editor-workloads';
import { median } from './measure';
import { atMost, type BenchResult } from './result';
import { SLOW_STEPS_ENV } from '../../server/slow-stretches';

/** Edits timed per workload (each a different one-rule change); medians and the slowest are reported. */
const EDITS = 5;
/** The goals of the issue, in wall ms over stdio. */
const DIAGNOSTICS_MS = 300;
const LENSES_MS = 2000;
const HOVER_MS = 200;
/**
 * `EDITOR_WORKLOADS=codex,gemini` runs only the workloads whose ids hold one of those words (to
 * look at one shape while working on it; the table that counts runs them all).
 */
const ONLY = (process.env.EDITOR_WORKLOADS ?? '').split(',').map((s) => s.trim()).filter(Boolean);
/**
 * `EDITOR_PROF=<folder>` runs each workload's server under `--cpu-prof`, its profile written there
 * when it exits (read it in Chrome's DevTools or VS Code); a run's figures then include the profiler.
 */
const PROFILE_ENV = 'EDITOR_PROF';
/** How long a profiled server may take to exit (writing its profile) before it is killed. */
const PROFILE_EXIT_MS = 20_000;
/** Longest any one wait may take before the workload counts as hung. */
const HANG_MS = 180_000;

interface Status { uri: string; checking?: string }
interface Lens { command?: { title: string } }

const wallMs = (t0: bigint) => Number(process.hrtime.bigint() - t0) / 1e6;

function git(dir: string, ...args: string[]): void {
  const r = spawnSync('git', ['-c', 'user.email=bench@example.com', '-c', 'user.name=bench', ...args], { cwd: dir, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
}

/** CPU ms (10 ms ticks) and peak resident memory (MB) of a child process so far (Linux /proc; NaN elsewhere). */
function processFigures(pid: number | undefined): { cpu: number; peakMb: number } {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    const hwm = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return { cpu: (Number(fields[11]) + Number(fields[12])) * 10, peakMb: hwm ? Number(hwm[1]) / 1024 : NaN };
  } catch {
    return { cpu: NaN, peakMb: NaN };
  }
}

/** The slowest of a list (the worst edit a user sees). */
const slowest = (xs: readonly number[]) => Math.max(...xs);

interface Measured {
  diagnostics: number[];
  hover: number[];
  lenses: number[];
  /** Edits whose vs-HEAD lens said the search stopped at its budget. */
  budgetNotes: number;
  cpu: number;
  peakMb: number;
}

/**
 * One workload over stdio: its files committed in a fresh git repository, both opened in a fresh
 * server, then `EDITS` edits of the rule file. Per edit: wall time from didChange to the edited
 * version's diagnostics (debounce taken out), a hover on the edited rule asked the moment they
 * arrive (while the lints and the change impact still run), and the time until every stage of
 * the version is done (its lenses refreshed).
 */
async function measure(w: EditorWorkload): Promise<Measured> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `rulelens-editor-${w.id}-`));
  for (const [rel, text] of Object.entries(w.files)) {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), text);
  }
  git(dir, 'init', '-q');
  git(dir, 'add', '.');
  git(dir, 'commit', '-qm', 'rules');
  const ruleUri = pathToFileURL(path.join(dir, w.rulePath)).href;
  const requestsUri = pathToFileURL(path.join(dir, w.requestsPath)).href;
  const prof = process.env[PROFILE_ENV];
  const client = new LspClient(prof ? { file: process.execPath, args: ['--cpu-prof', `--cpu-prof-dir=${prof}`, path.join(__dirname, '../../dist/server.js'), '--stdio'] } : undefined, prof ? PROFILE_EXIT_MS : 0);
  const done = (from: number) => client.status.slice(from).some((s) => (s as Status).uri === ruleUri && !(s as Status).checking);
  const m: Measured = { diagnostics: [], hover: [], lenses: [], budgetNotes: 0, cpu: NaN, peakMb: NaN };
  try {
    await client.initialize(pathToFileURL(dir).href, undefined, { workDoneProgress: true });
    await client.open(ruleUri, w.files[w.rulePath]);
    await client.open(requestsUri, w.files[w.requestsPath]);
    await client.until(() => done(0), HANG_MS, `${w.id}: first check`);
    const before = processFigures(client.proc.pid);
    for (let k = 0; k < EDITS; k++) {
      const text = w.edit(k);
      const from = client.status.length;
      const t0 = process.hrtime.bigint();
      const version = await client.change(ruleUri, text);
      await client.until(() => client.diagnostics.get(ruleUri)?.version === version, HANG_MS, `${w.id}: diagnostics`);
      m.diagnostics.push(wallMs(t0) - DEBOUNCE_MS);
      const h0 = process.hrtime.bigint();
      await client.request('textDocument/hover', { textDocument: { uri: ruleUri }, position: { line: w.hoverLine(k), character: 8 } });
      m.hover.push(wallMs(h0));
      await client.until(() => done(from), HANG_MS, `${w.id}: every stage`);
      m.lenses.push(wallMs(t0) - DEBOUNCE_MS);
      const lenses = await client.request<Lens[]>('textDocument/codeLens', { textDocument: { uri: ruleUri } });
      if (lenses.some((l) => l.command?.title.includes('incomplete'))) m.budgetNotes++;
    }
    const after = processFigures(client.proc.pid);
    m.cpu = (after.cpu - before.cpu) / EDITS;
    m.peakMb = after.peakMb;
  } finally {
    // With `RULELENS_SLOW_STEPS` set, the server's reports of its long stretches (its stderr) follow each workload.
    if (process.env[SLOW_STEPS_ENV]) for (const line of client.log.join('\n').split('\n')) if (line.startsWith('[rulelens]')) process.stderr.write(`${w.id}: ${line}\n`);
    await client.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return m;
}

/**
 * The editor's latency on rule files of several shapes (editor-workloads.ts) at the sizes,
 * over stdio: edit → diagnostics, hover during re-analysis, edit → every stage done (lenses), the
 * server's CPU per edit and its peak memory. Wall times: inflated on a shared machine.
 * @example (await run()).filter((r) => r.goal && !r.goal.pass)
 */
export async function run(): Promise<BenchResult[]> {
  buildServer();
  const rows: BenchResult[] = [];
  for (const w of editorWorkloads()) {
    if (ONLY.length && !ONLY.some((o) => w.id.includes(o))) continue;
    const m = await measure(w);
    const d = median(m.diagnostics);
    const h = median(m.hover);
    const l = median(m.lenses);
    const noted = m.budgetNotes > 0 ? `; ${m.budgetNotes}/${EDITS} edits ended with a budget note on the vs-HEAD lens` : '';
    rows.push(
      { name: `editor ${w.id}: didChange → diagnostics (wall median, debounce excluded)`, value: d, unit: 'ms', note: `${w.what}; slowest of ${EDITS} ${slowest(m.diagnostics).toFixed(0)} ms; ${DEBOUNCE_MS} ms typing debounce taken out`, goal: atMost(d, DIAGNOSTICS_MS, ' ms') },
      { name: `editor ${w.id}: hover during re-analysis (wall median)`, value: h, unit: 'ms', note: `asked as the diagnostics arrive; slowest ${slowest(m.hover).toFixed(0)} ms`, goal: atMost(h, HOVER_MS, ' ms') },
      { name: `editor ${w.id}: didChange → every stage done, lenses refreshed (wall median)`, value: l, unit: 'ms', note: `slowest ${slowest(m.lenses).toFixed(0)} ms${noted}`, goal: { target: `≤ ${LENSES_MS} ms or a budget note`, pass: l <= LENSES_MS || m.budgetNotes === EDITS } },
      { name: `editor ${w.id}: server CPU per edit, every stage (mean)`, value: m.cpu, unit: 'ms', note: `peak resident memory ${m.peakMb.toFixed(0)} MB (Linux /proc)` },
    );
  }
  return rows;
}

if (require.main === module) {
  void run().then((m) => console.table(m));
}
