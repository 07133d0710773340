import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import type { BenchResult } from './result';

const ROOT = path.join(__dirname, '..', '..');
const CLI = path.join(ROOT, 'bin', 'rulelens.js');
const PEAK_RSS = path.join(ROOT, 'test', 'cli', 'fixtures', 'peak-rss.cjs');

/** One `rulelens check` process: wall-clock ms, CPU ms and peak memory (MB). */
function checkOnce(dir: string, target: string): { wallMs: number; cpuMs: number; peakMb: number; code: number | null } {
  const t0 = process.hrtime.bigint();
  const r = spawnSync(process.execPath, ['-r', PEAK_RSS, CLI, 'check', target, '--format', 'json'], { cwd: dir, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  const wallMs = Number(process.hrtime.bigint() - t0) / 1e6;
  const peak = /peak-rss-kb=(\d+)/.exec(r.stderr);
  const cpu = /cpu-ms=(\d+)/.exec(r.stderr);
  return { wallMs, cpuMs: cpu ? Number(cpu[1]) : NaN, peakMb: peak ? Number(peak[1]) / 1024 : NaN, code: r.status };
}

/**
 * What hostile and huge rule files cost the CLI, whole process: the 5 MB, 75,001-rule file the CLI
 * tests check for correctness, an 8 MB whitespace file just under the size limit, and the 9 MB and
 * 50 MB files refused before reading. Speed figures live here, not in tests.
 */
export async function run(): Promise<BenchResult[]> {
  if (!fs.existsSync(path.join(ROOT, 'dist', 'cli.js'))) spawnSync(process.execPath, ['esbuild.mjs'], { cwd: ROOT });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rulelens-bench-'));
  const permissions = Array.from({ length: 75_000 }, (_, i) => ({ action: 'edit', resource: `generated/folder-${i}/file-*.ts`, effect: i % 3 ? 'allow' : 'deny' }));
  permissions.push({ action: 'edit', resource: 'a*'.repeat(500) + 'b', effect: 'deny' });
  const files: [string, string, () => void][] = [
    ['5 MB, 75,001 rules', 'five/opencode.json', () => fs.writeFileSync(path.join(dir, 'five/opencode.json'), JSON.stringify({ permissions }, null, 1))],
    ['8 MB of padding (under the limit)', 'pad8/opencode.json', () => fs.writeFileSync(path.join(dir, 'pad8/opencode.json'), '{"permissions": []' + ' '.repeat(8 * 1024 * 1024 - 40) + '}')],
    ['9 MB of padding (refused)', 'pad9/opencode.json', () => fs.writeFileSync(path.join(dir, 'pad9/opencode.json'), ' '.repeat(9 * 1024 * 1024))],
    ['50 MB (refused)', 'big50/opencode.json', () => fs.writeFileSync(path.join(dir, 'big50/opencode.json'), Buffer.alloc(50 * 1024 * 1024, 32))],
  ];
  const out: BenchResult[] = [];
  for (const [name, rel, make] of files) {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    make();
    const r = checkOnce(dir, rel);
    out.push({ name: `check ${name}: wall`, value: r.wallMs, unit: 'ms', note: `exit ${r.code}` });
    out.push({ name: `check ${name}: CPU`, value: r.cpuMs, unit: 'ms' });
    out.push({ name: `check ${name}: peak memory`, value: r.peakMb, unit: 'MB' });
  }
  fs.rmSync(dir, { recursive: true, force: true });
  return out;
}
