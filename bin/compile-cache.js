'use strict';
// Loads a bundle with V8's code cache: compiling the CLI bundle is a third of a small run's cost,
// and node 20 has no module.enableCompileCache. The libraries the bundle loads on first use
// (dist/lib-*.js, through the require it is given) are cached the same way. The cache lives in the
// user's own cache folder (never a shared temporary one), one file per bundle build, node version
// and architecture; V8 rejects a cache from other flags, and a rejected or missing cache is rebuilt
// after the run. RULELENS_NO_COMPILE_CACHE=1 turns it off; a bundle that cannot be read this way
// is loaded with plain require.
const fs = require('fs');
const os = require('os');
const path = require('path');
const vm = require('vm');
const Module = require('module');
const { isAscii } = require('buffer');

/** Requests of the bundle for its own lazily loaded libraries, next to it in dist/. */
const LAZY_LIBRARY = /^\.\/lib-[\w.-]+\.js$/;

function cacheDir() {
  const base = process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache');
  return path.join(base, 'rulelens', 'compile-cache');
}

/** Scripts compiled without a usable cache in this run: their code is written once it ran. */
const fresh = [];

/** Keyed by what changes with a bundle: a build changes its time, an upgrade the version (npm gives every file the same time). */
function cacheKey(file) {
  const st = fs.statSync(file);
  return `${path.basename(file, '.js')}@${require('../package.json').version}-${process.version}-${process.arch}-${st.size}-${Math.round(st.mtimeMs)}.bin`;
}

/** One bundle as a CommonJS module, compiled with cached code when there is some. */
function loadFile(file, parent) {
  if (Module._cache[file]) return Module._cache[file].exports;
  let text;
  let cachePath;
  try {
    const bytes = fs.readFileSync(file);
    // The CLI bundle is pure ASCII (esbuild.mjs sees to it): as latin1 it becomes a one-byte
    // string without UTF-8 decoding, several times faster to read.
    text = isAscii(bytes) ? bytes.toString('latin1') : bytes.toString('utf8');
    cachePath = path.join(cacheDir(), cacheKey(file));
  } catch {
    return parent.require(file);
  }
  let cached;
  try {
    cached = fs.readFileSync(cachePath);
  } catch {
    cached = undefined;
  }
  // A bundle with import() (the shell parser loads its runtime so) is loaded with plain require:
  // code from a cache loses the script's module loader, and import() then fails.
  if (text.includes('import(')) return parent.require(file);
  const script = new vm.Script(Module.wrap(text), { filename: file, cachedData: cached });
  const m = new Module(file, parent);
  m.filename = file;
  m.paths = Module._nodeModulePaths(path.dirname(file));
  Module._cache[file] = m;
  const req = (id) => (LAZY_LIBRARY.test(id) ? loadFile(path.join(path.dirname(file), id), m) : m.require(id));
  req.resolve = (id, o) => Module._resolveFilename(id, m, false, o);
  req.cache = Module._cache;
  try {
    script.runInThisContext()(m.exports, req, m, file, path.dirname(file));
  } catch (e) {
    delete Module._cache[file];
    throw e;
  }
  m.loaded = true;
  if (!cached || script.cachedDataRejected === true) fresh.push({ script, cachePath });
  return m.exports;
}

/** Writes the code of every script compiled afresh in this run; after the run, so the functions it compiled are included. */
function saveFresh() {
  if (!fresh.length) return;
  try {
    fs.mkdirSync(cacheDir(), { recursive: true, mode: 0o700 });
    const dir = cacheDir();
    const present = fs.readdirSync(dir);
    for (const { script, cachePath } of fresh.splice(0)) {
      const tmp = `${cachePath}.${process.pid}.tmp`;
      fs.writeFileSync(tmp, script.createCachedData(), { mode: 0o600 });
      fs.renameSync(tmp, cachePath);
      // Older builds of the same bundle are never read again.
      const name = path.basename(cachePath);
      const bundle = name.slice(0, name.indexOf('@') + 1);
      for (const old of present) if (old !== name && old.startsWith(bundle) && old.endsWith('.bin')) fs.rmSync(path.join(dir, old), { force: true });
    }
  } catch {
    // No cache folder (read-only home, sandbox): the next run compiles again.
  }
}

/**
 * The bundle's exports, its compiled code (and its libraries') taken from, and after `done()`
 * written to, the cache.
 * @example const { exports, done } = loadCached(require.resolve('../dist/cli.js'))
 */
function loadCached(file) {
  if (process.env.RULELENS_NO_COMPILE_CACHE) return { exports: require(file), done() {} };
  return { exports: loadFile(file, module), done: saveFresh };
}

module.exports = { loadCached };
