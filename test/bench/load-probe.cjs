'use strict';
// Preloaded into a CLI run by process.bench.ts: reports on stderr which bundled files were loaded
// and whether any WebAssembly module was instantiated, so the bench can tell what a run paid for.
let wasm = 0;
const instantiate = WebAssembly.instantiate;
WebAssembly.instantiate = function (...args) {
  wasm++;
  return instantiate.apply(this, args);
};
process.on('exit', () => {
  const files = Object.keys(require.cache).filter((k) => !k.endsWith('load-probe.cjs'));
  process.stderr.write(`\nload-probe: ${JSON.stringify({ files, wasm })}\n`);
});
