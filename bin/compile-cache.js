'use strict';
// Loads a bundle with V8's code cache: compiling the CLI bundle is a third of a small run's cost,
// and node 20 has no module.enableCompileCache. The cache lives in the user's own cache folder
// (never a shared temporary one), one file per bundle build, node version and architecture;
// V8 rejects a cache from other flags, and a rejected or missing cache is rebuilt after the run.
// RULELENS_NO_COMPILE_CACHE=1 turns it off; any problem with the cache falls back to plain require.
const fs = require('fs');
const os = require('os');
const path = require('path');
const vm = require('vm');
const Module = require('module');
const { isAscii } = require('buffer');

function cacheDir() {
  const base = process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache');
  return path.join(base, 'rulelens', 'compile-cache');
}

/**
 * The bundle's exports, its compiled code taken from (and after `done()` written to) the cache.
 * @example const { exports, done } = loadCached(require.resolve('../dist/cli.js'))
 */
function loadCached(file) {
  if (process.env.RULELENS_NO_COMPILE_CACHE) return { exports: require(file), done() {} };
  let text;
  try {
    const bytes = fs.readFileSync(file);
    // The bundle is pure ASCII (esbuild.mjs sees to it): as latin1 it becomes a one-byte string
    // without UTF-8 decoding, several times faster to read and smaller for V8 to check.
    text = isAscii(bytes) ? bytes.toString('latin1') : bytes.toString('utf8');
  } catch {
    return { exports: require(file), done() {} };
  }
  // Keyed by what changes with the bundle: a build changes its time, an upgrade the version
  // (npm gives every installed file the same time); V8 checks the node version and flags itself.
  let key;
  try {
    const st = fs.statSync(file);
    key = `${path.basename(file, '.js')}-${require('../package.json').version}-${process.version}-${process.arch}-${st.size}-${Math.round(st.mtimeMs)}.bin`;
  } catch {
    return { exports: require(file), done() {} };
  }
  const cachePath = path.join(cacheDir(), key);
  let cached;
  try {
    cached = fs.readFileSync(cachePath);
  } catch {
    cached = undefined;
  }
  const script = new vm.Script(Module.wrap(text), { filename: file, cachedData: cached });
  const m = new Module(file, module);
  m.filename = file;
  m.paths = Module._nodeModulePaths(path.dirname(file));
  Module._cache[file] = m;
  const req = (id) => m.require(id);
  req.resolve = (id, o) => Module._resolveFilename(id, m, false, o);
  req.cache = Module._cache;
  script.runInThisContext()(m.exports, req, m, file, path.dirname(file));
  m.loaded = true;
  const fresh = !cached || script.cachedDataRejected === true;
  return {
    exports: m.exports,
    done() {
      // After the run, so the functions it compiled are in the cache too.
      if (!fresh) return;
      try {
        fs.mkdirSync(cacheDir(), { recursive: true, mode: 0o700 });
        const tmp = `${cachePath}.${process.pid}.tmp`;
        fs.writeFileSync(tmp, script.createCachedData(), { mode: 0o600 });
        fs.renameSync(tmp, cachePath);
      } catch {
        // No cache folder (read-only home, sandbox): the next run compiles again.
      }
    },
  };
}

module.exports = { loadCached };
