import { execFileSync } from 'child_process';
import * as path from 'path';
import { ROOT } from '../protocol/lsp-client';

export type Shipped = typeof import('./service-entry');

let loaded: Shipped | undefined;

/**
 * The engine and service as the server ships them: bundled by the project's own build with the
 * server's options (see service-entry.ts), not run through the test loader, which makes every call
 * across modules a getter call. Built once per benchmark run.
 * @example const { loadRuleSet } = shipped();
 */
export function shipped(): Shipped {
  if (loaded) return loaded;
  execFileSync(process.execPath, ['esbuild.mjs', '--bench'], { cwd: ROOT, stdio: 'pipe' });
  loaded = require(path.join(ROOT, 'dist/bench-service.js')) as Shipped;
  return loaded;
}
