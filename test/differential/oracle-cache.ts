// Installs an agent's published npm package, at a pinned version, into a cache folder outside the
// project's dependencies, once per machine. The agents are large (native binaries inside) and are
// test oracles only, so they never enter package.json.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

/** Where oracles live: `$RULELENS_ORACLE_CACHE`, else `~/.cache/rulelens-oracles`. */
export function oracleCacheRoot(): string {
  return process.env.RULELENS_ORACLE_CACHE ?? join(homedir(), '.cache', 'rulelens-oracles');
}

/**
 * Installs `name@version` (once) and returns the folder holding its `node_modules`.
 * Throws with npm's own output when the install fails: a differential test never passes without its oracle.
 *
 * @example const dir = installOracle('opencode-ai', '1.18.33'); // dir/node_modules/.bin/opencode
 */
export function installOracle(name: string, version: string): string {
  const dir = join(oracleCacheRoot(), `${name.replace(/[@/]/g, '_')}@${version}`);
  const marker = join(dir, '.installed');
  if (existsSync(marker)) return dir;
  mkdirSync(dir, { recursive: true });
  const r = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--no-save', '--prefix', dir, `${name}@${version}`], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: 15 * 60_000,
  });
  if (r.status !== 0) throw new Error(`installing the oracle ${name}@${version} failed:\n${r.stdout}\n${r.stderr}`);
  spawnSync('touch', [marker]);
  return dir;
}

/** The per-property budget of generated cases (`DIFF_RUNS`, set by run.mjs). */
export function diffRuns(fallback = 20): number {
  const n = Number(process.env.DIFF_RUNS);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

/** The fast-check seed shared by every property in one run (`DIFF_SEED`, set by run.mjs). */
export function diffSeed(): number | undefined {
  const n = Number(process.env.DIFF_SEED);
  return Number.isInteger(n) ? n : undefined;
}
