// Runs a folder of seeded mocha suites (fuzz properties, differential tests) with one seed and one
// budget for all of them, passed down as `<PREFIX>_RUNS` / `<PREFIX>_SEED`, and prints the command
// that replays the run.
import { spawnSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Parses `--runs N --seed S --grep TEXT`, runs mocha over `files` and exits with its status.
 * @example runSeededSuite({ name: 'fuzz', script: 'npm run fuzz', files: 'test/fuzz/*.fuzz.ts', env: 'FUZZ', defaultRuns: 200, unit: 'iterations', ok: 'no failures' })
 */
export function runSeededSuite({ name, script, files, env, defaultRuns, unit, ok }) {
  const args = process.argv.slice(2);
  const option = (flag) => {
    const i = args.indexOf(flag);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const runs = Number(option('--runs') ?? process.env[`${env}_RUNS`] ?? defaultRuns);
  const seed = Number(option('--seed') ?? process.env[`${env}_SEED`] ?? Math.floor(Math.random() * 2 ** 31));
  const grep = option('--grep');
  if (!Number.isInteger(runs) || runs < 1 || !Number.isInteger(seed)) {
    console.error(`usage: ${script} -- [--runs N] [--seed S] [--grep TEXT]`);
    process.exit(2);
  }
  console.log(`${name}: ${runs} ${unit} per property, seed ${seed} (replay: ${script} -- --runs ${runs} --seed ${seed})`);
  const mocha = join(root, 'node_modules', 'mocha', 'bin', 'mocha.js');
  const started = Date.now();
  const r = spawnSync(
    process.execPath,
    [mocha, '--no-config', '--require', 'tsx/cjs', '--extension', 'ts', '--timeout', '0', '--reporter', join(root, 'test', 'reporter.cjs'), ...(grep ? ['--grep', grep] : []), join(root, files)],
    { cwd: root, stdio: 'inherit', env: { ...process.env, [`${env}_RUNS`]: String(runs), [`${env}_SEED`]: String(seed) } },
  );
  console.log(`${name}: seed ${seed}, ${runs} ${unit} per property, ${((Date.now() - started) / 1000).toFixed(1)} s, ${r.status === 0 ? ok : 'FAILED'}`);
  process.exit(r.status ?? 1);
}
