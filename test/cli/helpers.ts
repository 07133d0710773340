import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';

export { OPENCODE_PAIR, ROOT, SHARED_EXAMPLES } from '../helpers/examples';
import { ROOT } from '../helpers/examples';
const CLI = path.join(ROOT, 'bin/rulelens.js');

let built = false;
/** Builds dist/ once per test run, so CLI tests exercise the shipped bundle. */
export function ensureBuilt(): void {
  if (built) return;
  const r = spawnSync(process.execPath, ['esbuild.mjs'], { cwd: ROOT, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`build failed: ${r.stderr}`);
  built = true;
}

export function cli(args: string[], opts: { cwd?: string; input?: string; env?: NodeJS.ProcessEnv } = {}): { code: number; stdout: string; stderr: string } {
  ensureBuilt();
  const r = spawnSync(process.execPath, [CLI, ...args], { cwd: opts.cwd ?? ROOT, encoding: 'utf8', input: opts.input, env: opts.env, maxBuffer: 64 * 1024 * 1024 });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

/** Only a safety net so a CLI run that hangs cannot stall the suite; no test asserts on time. */
export const KILL_AFTER_MS = 120_000;

export interface MeasuredRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** Peak resident memory of the CLI process, from process.resourceUsage() at its exit. */
  peakRssKb: number;
}

/**
 * The CLI as a child process with its peak memory; killed only if it hangs (assert `signal === null`).
 * @example cliMeasured(['check', '.'], dir).peakRssKb < 200 * 1024
 */
export function cliMeasured(args: string[], cwd: string = ROOT): MeasuredRun {
  ensureBuilt();
  const r = spawnSync(process.execPath, ['-r', path.join(__dirname, 'fixtures', 'peak-rss.cjs'), CLI, ...args], { cwd, encoding: 'utf8', timeout: KILL_AFTER_MS, killSignal: 'SIGKILL', maxBuffer: 64 * 1024 * 1024 });
  const m = /peak-rss-kb=(\d+)/.exec(r.stderr);
  return { code: r.status, signal: r.signal, stdout: r.stdout, stderr: r.stderr, peakRssKb: m ? Number(m[1]) : Number.NaN };
}

/** A scratch copy of a folder (examples are read-only). */
export function scratchCopy(src: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rulelens-'));
  fs.cpSync(src, dir, { recursive: true });
  for (const f of walk(dir)) fs.chmodSync(f, 0o644);
  return dir;
}

function walk(d: string): string[] {
  return fs.readdirSync(d, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(d, e.name);
    if (e.isDirectory()) {
      fs.chmodSync(p, 0o755);
      return walk(p);
    }
    return [p];
  });
}
