#!/usr/bin/env node
// One entry point for every benchmark: runs each test/bench/*.bench.ts module in this one process
// (re-started once under tsx, with an exposed collector for the memory figures) and prints one table.
// Time figures get a ratio to the parse time of a 1,000-rule OpenCode file measured in the same
// run, so results from different machines compare.
//
//   npm run bench                       all modules
//   npm run bench -- evaluate matcher   only modules whose file name contains one of the words
//   npm run bench -- --json out.json    also write the rows as JSON
import { spawnSync } from 'node:child_process';
import { readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const CHILD = 'RULELENS_BENCH_CHILD';

if (!process.env[CHILD]) {
  const r = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', fileURLToPath(import.meta.url), ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: { ...process.env, [CHILD]: '1' },
  });
  process.exit(r.status ?? 1);
}

const args = process.argv.slice(2);
const jsonAt = args.indexOf('--json');
const jsonOut = jsonAt >= 0 ? args[jsonAt + 1] : undefined;
const words = args.filter((a, i) => !a.startsWith('--') && (jsonAt < 0 || i !== jsonAt + 1));
const modules = readdirSync(here)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => words.length === 0 || words.some((w) => f.includes(w)))
  .sort();

const TO_MS = { ns: 1e-6, 'µs': 1e-3, us: 1e-3, ms: 1, s: 1000 };
const PARSE_RUNS = 7;

async function parseBaseline() {
  const { generateWorkload } = await import(pathToFileURL(join(here, 'workload.ts')).href);
  const { parseOpencode } = await import(pathToFileURL(join(here, '../../shared/dialects/opencode/index.ts')).href);
  const { text } = generateWorkload(1000, 0);
  const times = [];
  for (let i = 0; i < PARSE_RUNS; i++) {
    const t0 = process.hrtime.bigint();
    parseOpencode({ path: 'opencode.json', text }, { home: '/home/u' });
    times.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  times.sort((a, b) => a - b);
  return { ms: times[PARSE_RUNS >> 1], kb: Math.round(text.length / 1024) };
}

const fmt = (v) => (Math.abs(v) >= 1000 ? Math.round(v).toLocaleString('en-US') : Math.abs(v) >= 10 ? v.toFixed(1) : v.toPrecision(3));

const parse = await parseBaseline();
const rows = [{ module: 'run', name: `parse: 1,000-rule opencode.json (${parse.kb} kB), median of ${PARSE_RUNS}`, value: parse.ms, unit: 'ms', note: 'the unit of the × parse column' }];
let failed = 0;
for (const file of modules) {
  const started = Date.now();
  process.stderr.write(`bench: ${file} …`);
  try {
    const mod = await import(pathToFileURL(join(here, file)).href);
    const run = mod.run ?? mod.default?.run;
    if (typeof run !== 'function') throw new Error('exports no run()');
    for (const r of await run()) rows.push({ module: file.replace(/\.bench\.ts$/, ''), ...r });
  } catch (e) {
    failed++;
    rows.push({ module: file.replace(/\.bench\.ts$/, ''), name: 'FAILED', value: NaN, unit: '', note: e instanceof Error ? e.message : String(e) });
  }
  process.stderr.write(` ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
}

const table = rows.map((r) => {
  const scale = TO_MS[r.unit];
  return [r.module, r.name, Number.isFinite(r.value) ? fmt(r.value) : '—', r.unit, scale ? fmt((r.value * scale) / parse.ms) : '', r.note ?? ''];
});
const head = ['module', 'figure', 'value', 'unit', '× parse', 'note'];
const widths = head.map((h, i) => Math.max(h.length, ...table.map((row) => String(row[i]).length)));
const line = (cells) => cells.map((c, i) => (i === 2 || i === 4 ? String(c).padStart(widths[i]) : String(c).padEnd(widths[i]))).join('  ').trimEnd();
console.log(line(head));
console.log(widths.map((w) => '-'.repeat(w)).join('  '));
for (const row of table) console.log(line(row));

// Goals: each figure that carries one, with its measured value and PASS/FAIL.
const goals = rows.filter((r) => r.goal);
if (goals.length) {
  const gt = goals.map((r) => [r.goal.pass ? 'PASS' : 'FAIL', r.module, r.name, Number.isFinite(r.value) ? `${fmt(r.value)} ${r.unit}` : '—', r.goal.target]);
  const gh = ['', 'module', 'goal', 'measured', 'target'];
  const gw = gh.map((h, i) => Math.max(h.length, ...gt.map((row) => String(row[i]).length)));
  console.log('');
  console.log(gh.map((h, i) => h.padEnd(gw[i])).join('  ').trimEnd());
  console.log(gw.map((w) => '-'.repeat(w)).join('  '));
  for (const row of gt) console.log(row.map((c, i) => String(c).padEnd(gw[i])).join('  ').trimEnd());
  console.log(`${goals.filter((r) => r.goal.pass).length} of ${goals.length} goals met`);
}
if (jsonOut) writeFileSync(jsonOut, JSON.stringify({ parseMs: parse.ms, rows }, null, 2));
process.exit(failed ? 1 : 0);
