#!/usr/bin/env node
// Runs the fuzz properties (test/fuzz/*.fuzz.ts) under mocha with one seed for all of them.
//
//   npm run fuzz                          short budget (FUZZ_RUNS default below)
//   npm run fuzz -- --runs 100000         long run: iterations per property
//   npm run fuzz -- --seed 12345          replay a run
//   npm run fuzz -- --grep opencode       only matching properties
import { spawnSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const DEFAULT_RUNS = 200;
const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '../..');

const args = process.argv.slice(2);
const option = (name) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const runs = Number(option('--runs') ?? process.env.FUZZ_RUNS ?? DEFAULT_RUNS);
const seed = Number(option('--seed') ?? process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const grep = option('--grep');
if (!Number.isInteger(runs) || runs < 1 || !Number.isInteger(seed)) {
  console.error('usage: node test/fuzz/run.mjs [--runs N] [--seed S] [--grep TEXT]');
  process.exit(2);
}

console.log(`fuzz: ${runs} iterations per property, seed ${seed} (replay: npm run fuzz -- --runs ${runs} --seed ${seed})`);
const mocha = join(root, 'node_modules', 'mocha', 'bin', 'mocha.js');
const started = Date.now();
const r = spawnSync(
  process.execPath,
  [mocha, '--no-config', '--require', 'tsx/cjs', '--extension', 'ts', '--timeout', '0', '--reporter', join(root, 'test', 'reporter.cjs'), ...(grep ? ['--grep', grep] : []), join(here, '*.fuzz.ts')],
  { cwd: root, stdio: 'inherit', env: { ...process.env, FUZZ_RUNS: String(runs), FUZZ_SEED: String(seed) } },
);
console.log(`fuzz: seed ${seed}, ${runs} iterations per property, ${((Date.now() - started) / 1000).toFixed(1)} s, ${r.status === 0 ? 'no failures' : 'FAILED'}`);
process.exit(r.status ?? 1);
