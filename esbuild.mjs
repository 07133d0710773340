// Bundles the extension client, the language server and the CLI, and copies the WebAssembly
// parsers next to them (the shell parser loads them at run time).
import * as esbuild from 'esbuild';
import { copyFileSync, existsSync, mkdirSync } from 'fs';
import { createRequire } from 'module';
import { dirname, join } from 'path';

const require = createRequire(import.meta.url);
const watch = process.argv.includes('--watch');
// web-tree-sitter reads import.meta.url to find its files; in a CommonJS bundle it comes from __filename.
const importMeta = { define: { 'import.meta.url': '__rulelensImportMetaUrl' }, banner: { js: "var __rulelensImportMetaUrl = require('url').pathToFileURL(__filename).href;" } };
const common = { ...importMeta, mainFields: ['module', 'main'], bundle: true, platform: 'node', target: 'node20', format: 'cjs', sourcemap: true, logLevel: 'warning' };
const entries = [
  { entryPoints: ['client/extension.ts'], outfile: 'dist/client.js', external: ['vscode'] },
  { entryPoints: ['server/main.ts'], outfile: 'dist/server.js' },
  { entryPoints: ['cli/main.ts'], outfile: 'dist/cli.js' },
].filter((e) => existsSync(e.entryPoints[0]));

/** A package's folder, even when its `exports` hide package.json. */
function findPackageDir(pkg) {
  let dir = dirname(require.resolve(pkg));
  while (!existsSync(join(dir, 'package.json'))) dir = dirname(dir);
  return dir;
}

mkdirSync('dist', { recursive: true });
for (const [pkg, file] of [['web-tree-sitter', 'web-tree-sitter.wasm'], ['tree-sitter-bash', 'tree-sitter-bash.wasm'], ['tree-sitter-python', 'tree-sitter-python.wasm']]) {
  try {
    const dir = findPackageDir(pkg);
    copyFileSync(join(dir, file), join('dist', file));
  } catch (e) {
    console.error(`could not copy ${file}: ${e.message}`);
    process.exitCode = 1;
  }
}
if (watch) {
  for (const e of entries) await (await esbuild.context({ ...common, ...e })).watch();
} else {
  await Promise.all(entries.map((e) => esbuild.build({ ...common, ...e })));
}
