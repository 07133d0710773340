import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { ROOT } from './lsp-client';

let built = false;

/**
 * Builds dist/server.js with the project's own bundler script once per test run. When another
 * bundle of the script fails, the server bundle is built alone so its tests still run.
 */
export function buildServer(): void {
  if (built) return;
  const out = path.join(ROOT, 'dist/server.js');
  const started = Date.now();
  try {
    execFileSync(process.execPath, ['esbuild.mjs'], { cwd: ROOT, stdio: 'pipe' });
  } catch {
    // fall through to the check below
  }
  if (!fs.existsSync(out) || fs.statSync(out).mtimeMs < started - 1000) {
    execFileSync(process.execPath, ['-e', "require('esbuild').buildSync({entryPoints:['server/main.ts'],outfile:'dist/server.js',bundle:true,platform:'node',target:'node20',format:'cjs',sourcemap:true,mainFields:['module','main']})"], { cwd: ROOT, stdio: 'pipe' });
  }
  built = true;
}
