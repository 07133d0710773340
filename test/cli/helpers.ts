import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';

export { ROOT, SHARED_EXAMPLES } from '../helpers/examples';
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

export function cli(args: string[], opts: { cwd?: string; input?: string } = {}): { code: number; stdout: string; stderr: string } {
  ensureBuilt();
  const r = spawnSync(process.execPath, [CLI, ...args], { cwd: opts.cwd ?? ROOT, encoding: 'utf8', input: opts.input, maxBuffer: 64 * 1024 * 1024 });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
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
