import { execFileSync, spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { parseOpencode } from '../../shared/dialects/opencode';
import { checkCommand } from '../../cli/commands/check';
import { generateWorkload } from './workload';
import { cpuMs, median } from './measure';
import { atLeast, atMost, type BenchResult } from './result';

/**
 * Whole-process figures, as a user or CI feels them: CPU time (user + system) and peak resident
 * memory of child processes (`/usr/bin/time -v`), against the agent-style baseline process
 * (agent-process.cjs: JSON.parse, then a fresh RegExp per rule per resource) on the same files.
 */

const ROOT = path.resolve(__dirname, '../..');
const CLI = path.join(ROOT, 'bin/rulelens.js');
const BASELINE = path.join(__dirname, 'agent-process.cjs');
const PROBE = path.join(__dirname, 'load-probe.cjs');
const TIME = '/usr/bin/time';

const RULES = 1_000;
const REQUESTS = 10_000;
/** Requests the baseline really evaluates; its per-request cost is extrapolated to REQUESTS. */
const BASELINE_SAMPLE = 200;
const MANY_FILES = 100;
const FEW_FILES = 10;
/** Rules and requests per file of the many-files run. */
const FILE_RULES = 200;
const FILE_REQUESTS = 200;
/** Batches of cold-start runs; the median is reported. */
const COLD_RUNS = 3;
/** Runs timed together in one batch. */
const COLD_BATCH = 10;
/** Large-file parse: rules of the generated file, and repetitions. */
const PARSE_RULES = 5_000;
const PARSE_RUNS = 9;
/** Parses of each kind before the timed ones. */
const PARSE_WARMUPS = 1;

interface Usage {
  cpuMs: number;
  rssMb: number;
  bytes: number;
  stderr: string;
}

/** Runs `node ARGS` under /usr/bin/time; stdout goes to a file (its size is reported), never to memory. */
function usage(args: string[], cwd = ROOT): Usage {
  const out = path.join(os.tmpdir(), `rulelens-bench-out-${process.pid}`);
  const fd = fs.openSync(out, 'w');
  try {
    const r = spawnSync(TIME, ['-f', 'bench-usage %U %S %M', process.execPath, ...args], { cwd, stdio: ['ignore', fd, 'pipe'], maxBuffer: 64 * 1024 * 1024 });
    const stderr = r.stderr?.toString() ?? '';
    const m = /bench-usage ([\d.]+) ([\d.]+) (\d+)/.exec(stderr);
    if (!m) throw new Error(`no usage figures for node ${args.join(' ')}: ${stderr.slice(-300)}`);
    return { cpuMs: (Number(m[1]) + Number(m[2])) * 1000, rssMb: Number(m[3]) / 1024, bytes: fs.statSync(out).size, stderr };
  } finally {
    fs.closeSync(fd);
    fs.rmSync(out, { force: true });
  }
}

/**
 * CPU milliseconds per run of `node ARGS`, over COLD_BATCH runs under one /usr/bin/time: a single
 * run of 70-120 ms would be rounded to the timer's 10 ms ticks, too coarse for a 1.5× goal.
 */
function usageOfRuns(args: string[]): number {
  const loop = `for i in $(seq ${COLD_BATCH}); do "$0" "$@" >/dev/null; done`;
  const r = spawnSync(TIME, ['-f', 'bench-usage %U %S %M', 'sh', '-c', loop, process.execPath, ...args], { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'] });
  const m = /bench-usage ([\d.]+) ([\d.]+) \d+/.exec(r.stderr?.toString() ?? '');
  if (!m) throw new Error(`no usage figures for node ${args.join(' ')}: ${r.stderr?.toString().slice(-300)}`);
  return ((Number(m[1]) + Number(m[2])) * 1000) / COLD_BATCH;
}


function writeWorkload(dir: string, rules: number, requests: number, seed = 42): void {
  fs.mkdirSync(dir, { recursive: true });
  const w = generateWorkload(rules, requests, seed);
  fs.writeFileSync(path.join(dir, 'opencode.json'), w.text);
  fs.writeFileSync(path.join(dir, 'opencode.requests.json'), JSON.stringify({ requests: w.requests.map((r, i) => ({ name: `r${i}`, ...r })) }, null, 1));
}

function probe(args: string[]): { files: string[]; wasm: number } {
  const r = spawnSync(process.execPath, ['-r', PROBE, CLI, ...args], { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const m = /load-probe: (.*)/.exec(r.stderr);
  if (!m) throw new Error(`no load probe output: ${r.stderr.slice(-300)}`);
  return JSON.parse(m[1]);
}

/**
 * Live heap growth per file over an in-process `check` of many files: the output sink collects
 * garbage and samples the heap as the 10th and the last file are printed. Sampled in a second run
 * over the same files: in the first, V8 keeps compiling code as the run goes on (some 0.7 MB over
 * 100 small files), and that compiled code, not anything kept of a file, would be the growth.
 */
async function retainedPerFile(dir: string): Promise<number> {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) return NaN;
  await checkCommand([dir], { out: () => undefined, err: () => undefined });
  const samples = new Map<number, number>();
  let files = 0;
  const io = {
    out: (s: string) => {
      if (!/ rules\)\n/.test(s)) return;
      files++;
      if (files === FEW_FILES || files === MANY_FILES) {
        gc();
        gc();
        samples.set(files, process.memoryUsage().heapUsed);
      }
    },
    err: () => undefined,
  };
  await checkCommand([dir], io);
  const a = samples.get(FEW_FILES);
  const b = samples.get(MANY_FILES);
  return a === undefined || b === undefined ? NaN : (b - a) / 1024 / (MANY_FILES - FEW_FILES);
}


/**
 * `check` and `eval --requests` on 1,000 rules × 10,000 requests against the baseline process;
 * JSON output size against the rule count; peak memory over 10 and 100 files; cold start of a
 * small OpenCode check against `node -e 0`; what a run loads; the rule-file parse against JSON.parse.
 * @example (await run()).filter((r) => r.goal && !r.goal.pass)
 */
export async function run(): Promise<BenchResult[]> {
  if (!fs.existsSync(TIME)) throw new Error(`${TIME} is needed for whole-process CPU and peak memory`);
  execFileSync(process.execPath, ['esbuild.mjs'], { cwd: ROOT, stdio: 'pipe' });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rulelens-bench-proc-'));
  const out: BenchResult[] = [];
  try {
    const big = path.join(dir, 'big');
    writeWorkload(big, RULES, REQUESTS);
    const rulesFile = path.join(big, 'opencode.json');
    const requestsFile = path.join(big, 'opencode.requests.json');

    // Baseline: fixed cost (read + parse) plus a sampled per-request cost.
    const base0 = usage([BASELINE, rulesFile, requestsFile, '0']);
    const baseS = usage([BASELINE, rulesFile, requestsFile, String(BASELINE_SAMPLE)]);
    const perRequest = Math.max(0, (baseS.cpuMs - base0.cpuMs) / BASELINE_SAMPLE);
    const baseCpu = base0.cpuMs + perRequest * REQUESTS;
    const baseRss = baseS.rssMb;
    const tag = `${RULES.toLocaleString('en-US')} rules × ${REQUESTS.toLocaleString('en-US')} requests`;
    out.push({ name: `process ${tag}: agent-style baseline CPU`, value: baseCpu, unit: 'ms', note: `${BASELINE_SAMPLE} requests run, the rest extrapolated (${perRequest.toFixed(2)} ms each)` });
    out.push({ name: `process ${tag}: agent-style baseline peak RSS`, value: baseRss, unit: 'MB' });

    for (const [label, args] of [
      ['check (text)', ['check', big]],
      ['check --format json', ['check', big, '--format', 'json']],
    ] as const) {
      const u = usage([CLI, ...args]);
      out.push({ name: `process ${tag}: ${label} CPU`, value: u.cpuMs, unit: 'ms', note: `${(u.bytes / 1024 / 1024).toFixed(1)} MB of output` });
      out.push({ name: `process ${tag}: ${label} speed-up over baseline`, value: baseCpu / u.cpuMs, unit: '×', note: 'CPU time, whole process', goal: atLeast(baseCpu / u.cpuMs, 20, '×') });
      out.push({ name: `process ${tag}: ${label} peak RSS / baseline`, value: u.rssMb / baseRss, unit: '×', note: `${u.rssMb.toFixed(0)} MB`, goal: atMost(u.rssMb / baseRss, 3, '× the baseline') });
    }
    const ev = usage([CLI, 'eval', rulesFile, '--requests', requestsFile]);
    out.push({ name: `process ${tag}: eval --requests CPU`, value: ev.cpuMs, unit: 'ms' });
    out.push({ name: `process ${tag}: eval --requests speed-up over baseline`, value: baseCpu / ev.cpuMs, unit: '×', note: 'CPU time, whole process', goal: atLeast(baseCpu / ev.cpuMs, 20, '×') });

    // JSON output grows with requests and findings, not with requests × rules (no traces by default).
    const small = path.join(dir, 'small');
    writeWorkload(small, RULES / 10, REQUESTS);
    const jsonSmall = usage([CLI, 'check', small, '--format', 'json']);
    const jsonBig = usage([CLI, 'check', big, '--format', 'json']);
    const growth = jsonBig.bytes / jsonSmall.bytes;
    out.push({ name: `process: check --format json bytes, ${RULES} vs ${RULES / 10} rules (same ${REQUESTS} requests)`, value: growth, unit: '×', note: `${(jsonSmall.bytes / REQUESTS).toFixed(0)} → ${(jsonBig.bytes / REQUESTS).toFixed(0)} bytes per request; traces only with --trace`, goal: atMost(growth, 1.25, '× (output proportional to requests and findings, not rules)') });

    // Memory over many files: nothing of a file is kept once printed.
    const many = path.join(dir, 'many');
    for (let i = 0; i < MANY_FILES; i++) writeWorkload(path.join(many, `f${String(i).padStart(3, '0')}`), FILE_RULES, FILE_REQUESTS, i);
    const few = path.join(dir, 'few');
    fs.mkdirSync(few);
    for (let i = 0; i < FEW_FILES; i++) fs.cpSync(path.join(many, `f${String(i).padStart(3, '0')}`), path.join(few, `f${i}`), { recursive: true });
    const fewU = usage([CLI, 'check', few]);
    const manyU = usage([CLI, 'check', many]);
    const flat = manyU.rssMb / fewU.rssMb;
    out.push({ name: `process: check of ${MANY_FILES} files vs ${FEW_FILES} files, peak RSS`, value: flat, unit: '×', note: `${fewU.rssMb.toFixed(0)} → ${manyU.rssMb.toFixed(0)} MB (${FILE_RULES} rules, ${FILE_REQUESTS} requests per file); includes the collector's slack` });
    const retained = await retainedPerFile(many);
    out.push({ name: `check of ${MANY_FILES} files: heap retained per file once printed`, value: retained, unit: 'kB', note: `live heap after a full collection, file ${FEW_FILES} vs file ${MANY_FILES} of an in-process run (the second: code compiled as a run warms up is not a file's)`, goal: atMost(retained, 16, ' kB per file (memory flat: nothing kept once printed)') });

    // Cold start: a small OpenCode check against an empty node process.
    const example = path.join(dir, 'example');
    fs.mkdirSync(example);
    fs.writeFileSync(path.join(example, 'opencode.json'), JSON.stringify({ permissions: [{ action: 'edit', resource: '*', effect: 'ask' }, { action: 'edit', resource: 'docs/*', effect: 'allow' }, { action: 'edit', resource: 'secrets/*', effect: 'deny' }] }, null, 2));
    fs.writeFileSync(path.join(example, 'opencode.requests.json'), JSON.stringify({ requests: [{ name: 'A', action: 'edit', resources: ['docs/a.md'], expect: 'allow' }] }));
    // The two batches are timed in turn, as the parses below: a slow minute then falls on both.
    const empties: number[] = [];
    const colds: number[] = [];
    for (let k = 0; k < COLD_RUNS; k++) {
      empties.push(usageOfRuns(['-e', '0']));
      colds.push(usageOfRuns([CLI, 'check', example]));
    }
    const empty = median(empties);
    const cold = median(colds);
    const how = `CPU per run: ${COLD_BATCH} runs timed together (the timer counts 10 ms ticks), median of ${COLD_RUNS} batches of each, in turn`;
    out.push({ name: 'process: node -e 0', value: empty, unit: 'ms', note: how });
    out.push({ name: 'process: cold start, 3-rule OpenCode check / node -e 0', value: cold / empty, unit: '×', note: `${cold.toFixed(0)} ms ${how}`, goal: atMost(cold / empty, 1.5, '×') });

    // What a run loads: no shell parser (WebAssembly) for OpenCode; loaded for a Claude Bash request.
    const oc = probe(['check', example]);
    const claude = path.join(dir, 'claude', '.claude');
    fs.mkdirSync(claude, { recursive: true });
    fs.writeFileSync(path.join(claude, 'settings.json'), JSON.stringify({ permissions: { allow: ['Bash(git status)'] } }));
    fs.writeFileSync(path.join(claude, 'settings.requests.json'), JSON.stringify({ requests: [{ name: 'B', tool: 'Bash', command: 'git status && ls' }] }));
    const cl = probe(['check', path.dirname(claude)]);
    const ocLibs = oc.files.filter((f) => /lib-/.test(f)).map((f) => path.basename(f));
    out.push({ name: 'process: WebAssembly instantiated by a pure OpenCode check', value: oc.wasm, unit: 'modules', note: `lazy libraries loaded: ${ocLibs.join(', ') || 'none'}`, goal: atMost(oc.wasm, 0, ' (loaded only when a Bash command is first parsed)') });
    out.push({ name: 'process: WebAssembly instantiated by a Claude check with a Bash request', value: cl.wasm, unit: 'modules', note: 'the shell parser is loaded when needed', goal: atLeast(cl.wasm, 1, ' (it still loads when needed)') });

    // The rule-file parse of a large file against JSON.parse of the same text, in this process.
    // Each parse is warmed, then the two are timed in turn: timed one after the other, a slow
    // minute of this shared machine fell on one of them only (one run read 5.3× against 3.1×).
    const text = generateWorkload(PARSE_RULES, 0).text;
    for (let k = 0; k < PARSE_WARMUPS; k++) {
      JSON.parse(text);
      parseOpencode({ path: 'opencode.json', text });
    }
    const jps: number[] = [];
    const pps: number[] = [];
    for (let k = 0; k < PARSE_RUNS; k++) {
      jps.push(cpuMs(() => JSON.parse(text)));
      pps.push(cpuMs(() => parseOpencode({ path: 'opencode.json', text })));
    }
    const jp = median(jps);
    const pp = median(pps);
    out.push({ name: `parse: ${PARSE_RULES.toLocaleString('en-US')}-rule opencode.json (${Math.round(text.length / 1024)} kB) / JSON.parse`, value: pp / jp, unit: '×', note: `${pp.toFixed(1)} ms vs ${jp.toFixed(1)} ms CPU, median of ${PARSE_RUNS}`, goal: atMost(pp / jp, 5, '× JSON.parse') });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return out;
}
