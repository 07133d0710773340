#!/usr/bin/env node
// Differential tests: RuleLens against the real agents' own evaluators (test/differential/*.diff.ts).
// Each agent is installed on demand, at a pinned version, into a cache folder outside the project's
// dependencies (see oracle-cache.ts). One seed and one budget for every property.
//
//   npm run test:differential                      short budget (DIFF_RUNS default below)
//   npm run test:differential -- --runs 2000       long run: generated cases per property
//   npm run test:differential -- --seed 12345      replay a run
//   npm run test:differential -- --grep claude     only matching suites
import { spawnSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const DEFAULT_RUNS = 20;
const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '../..');

const args = process.argv.slice(2);
const option = (name) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const runs = Number(option('--runs') ?? process.env.DIFF_RUNS ?? DEFAULT_RUNS);
const seed = Number(option('--seed') ?? process.env.DIFF_SEED ?? Math.floor(Math.random() * 2 ** 31));
const grep = option('--grep');
if (!Number.isInteger(runs) || runs < 1 || !Number.isInteger(seed)) {
  console.error('usage: node test/differential/run.mjs [--runs N] [--seed S] [--grep TEXT]');
  process.exit(2);
}

console.log(`differential: ${runs} generated cases per property, seed ${seed} (replay: npm run test:differential -- --runs ${runs} --seed ${seed})`);
const mocha = join(root, 'node_modules', 'mocha', 'bin', 'mocha.js');
const started = Date.now();
const r = spawnSync(
  process.execPath,
  [mocha, '--no-config', '--require', 'tsx/cjs', '--extension', 'ts', '--timeout', '0', '--reporter', join(root, 'test', 'reporter.cjs'), ...(grep ? ['--grep', grep] : []), join(here, '*.diff.ts')],
  { cwd: root, stdio: 'inherit', env: { ...process.env, DIFF_RUNS: String(runs), DIFF_SEED: String(seed) } },
);
console.log(`differential: seed ${seed}, ${runs} cases per property, ${((Date.now() - started) / 1000).toFixed(1)} s, ${r.status === 0 ? 'no disagreements' : 'FAILED'}`);
process.exit(r.status ?? 1);
