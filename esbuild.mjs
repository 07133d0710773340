// Bundles the extension client, the language server and the CLI, and copies the WebAssembly
// parsers next to them (the shell parser loads them at run time).
import * as esbuild from 'esbuild';
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'fs';
import { createRequire } from 'module';
import { dirname, join } from 'path';

const require = createRequire(import.meta.url);
const watch = process.argv.includes('--watch');
// The benchmark's in-process service, bundled as the server is (never shipped: not in .vscodeignore's list).
const bench = process.argv.includes('--bench');
// web-tree-sitter reads import.meta.url to find its files; in a CommonJS bundle it comes from __filename.
const importMeta = { define: { 'import.meta.url': '__rulelensImportMetaUrl' }, banner: { js: "var __rulelensImportMetaUrl = require('url').pathToFileURL(__filename).href;" } };
const common = { ...importMeta, mainFields: ['module', 'main'], bundle: true, platform: 'node', target: 'node20', format: 'cjs', sourcemap: true, logLevel: 'warning' };

// Libraries only some runs need — the automata library (over half of the code; only an analysis
// that reaches the automata), the YAML parser (oh-my-pi files), the shell parser's runtime (Claude
// Code Bash rules) — are bundled on their own and loaded on first use, so a plain check starts
// without compiling them. Importers see an object whose properties load the library when first read.
const LAZY_LIBS = ['refa', 'yaml', 'web-tree-sitter', 'picomatch/lib/parse'];
/** Libraries whose export is itself a function (called through a stand-in until loaded). */
const FUNCTION_LIBS = new Set(['picomatch/lib/parse']);
const lazyFile = (lib) => `lib-${lib.replace(/\//g, '-')}.js`;
// A function library's helpers are properties of the function (picomatch's parse.fastpaths).
const exportNames = async (lib) => (FUNCTION_LIBS.has(lib) ? Object.keys(require(lib)) : Object.keys(await import(lib))).filter((k) => k !== 'default' && k !== '__esModule');
const namesOf = Object.fromEntries(await Promise.all(LAZY_LIBS.map(async (lib) => [lib, await exportNames(lib)])));
const lazyLibs = {
  name: 'lazy-libs',
  setup(build) {
    build.onResolve({ filter: new RegExp(`^(${LAZY_LIBS.join('|')})$`) }, (a) => ({ path: a.path, namespace: 'lazy-lib' }));
    build.onResolve({ filter: /^\.\/lib-.*\.js$/, namespace: 'lazy-lib' }, (a) => ({ path: a.path, external: true }));
    build.onLoad({ filter: /.*/, namespace: 'lazy-lib' }, (a) => ({
      loader: 'js',
      contents: `let m;
const load = () => (m ??= require('./${lazyFile(a.path)}'));
${FUNCTION_LIBS.has(a.path) ? 'module.exports = function (...args) { return load().apply(this, args); };' : ''}
for (const n of ${JSON.stringify(namesOf[a.path])}) Object.defineProperty(module.exports, n, { enumerable: true, get: () => load()[n] });`,
    }));
  },
};
const lazy = { plugins: [lazyLibs] };
const entries = [
  { entryPoints: ['client/extension.ts'], outfile: 'dist/client.js', external: ['vscode'], ...lazy },
  { entryPoints: ['server/main.ts'], outfile: 'dist/server.js', ...lazy },
  // The CLI starts once per run: whitespace and comments out (a smaller, pure-ASCII text to read and
  // compile); names stay, so stack traces still read.
  { entryPoints: ['cli/main.ts'], outfile: 'dist/cli.js', minifyWhitespace: true, minifySyntax: true, charset: 'ascii', ...lazy },
  ...(bench ? [{ entryPoints: ['test/bench/service-entry.ts'], outfile: 'dist/bench-service.js', ...lazy }] : []),
  ...LAZY_LIBS.map((lib) => ({ stdin: { contents: FUNCTION_LIBS.has(lib) ? `module.exports = require('${lib}');` : `export * from '${lib}';`, resolveDir: process.cwd(), loader: 'js' }, outfile: `dist/${lazyFile(lib)}`, entryPoints: undefined })),
].filter((e) => !e.entryPoints || existsSync(e.entryPoints[0]));

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
/**
 * Every non-ASCII character of a bundle as a \\u escape (valid in strings, templates, regular
 * expressions, identifiers and comments alike): the CLI reads a pure-ASCII bundle as latin1, far
 * faster than decoding UTF-8. esbuild's charset option leaves regular expression literals as written.
 */
function asciiOnly(text) {
  return text.replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** Node built-ins whose namespace imports the CLI takes as the module itself. */
const PLAIN_BUILTINS = ['fs', 'path', 'os'];

/**
 * `import * as fs from 'fs'` becomes `__toESM(require("fs"))`, which copies every property of the
 * module, once per importing file (dozens of times, a twentieth of a small run). A built-in's
 * module object already serves as its namespace; only a default import would need the copy, and
 * the build fails if one appears.
 */
function plainBuiltins(text) {
  const names = PLAIN_BUILTINS.join('|');
  const defaultUse = new RegExp(`\\bimport_(?:${names})\\d*\\.default\\b`).exec(text);
  if (defaultUse) throw new Error(`dist/cli.js: a default import of a built-in (${defaultUse[0]}); import it as a namespace`);
  return text.replace(new RegExp(`__toESM\\(require\\("(${names})"\\)\\)`, 'g'), 'require("$1")');
}

/** The CLI bundle as it ships: pure ASCII, built-in namespaces not copied. */
function finishCli(file) {
  const text = readFileSync(file, 'utf8');
  const done = plainBuiltins(asciiOnly(text));
  if (done !== text) writeFileSync(file, done);
}

if (watch) {
  for (const e of entries) await (await esbuild.context({ ...common, ...e })).watch();
} else {
  await Promise.all(entries.map((e) => esbuild.build({ ...common, ...e })));
  if (existsSync('dist/cli.js')) finishCli('dist/cli.js');
}
