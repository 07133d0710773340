// Compiles the in-host e2e tests into .e2e/tests (not committed). Each test file is bundled on its
// own with `vscode` and `mocha` left to the extension host, so a file's failures stay its own.
import * as esbuild from 'esbuild';
import { readdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const suite = join(root, 'test/e2e/suite');
const out = join(root, '.e2e/tests');
rmSync(out, { recursive: true, force: true });
const entryPoints = readdirSync(suite).filter((f) => f.endsWith('.ts')).map((f) => join(suite, f));
await esbuild.build({
  entryPoints,
  outdir: out,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: 'inline',
  mainFields: ['module', 'main'],
  external: ['vscode', 'mocha'],
  logLevel: 'warning',
});
console.log(`e2e tests compiled: ${entryPoints.length} files → ${out}`);
