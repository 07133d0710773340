// Preloaded into the language server under test (NODE_OPTIONS=-r): appends a line to the file named
// by RULELENS_WASM_PROBE whenever the server reads a WebAssembly file.
const fs = require('fs');
const out = process.env.RULELENS_WASM_PROBE;
const note = (p) => {
  if (out && String(p).endsWith('.wasm')) fs.appendFileSync(out, `${p}\n`);
};
const readFileSync = fs.readFileSync;
fs.readFileSync = function (p, ...rest) {
  note(p);
  return readFileSync.call(this, p, ...rest);
};
const readFile = fs.promises.readFile;
fs.promises.readFile = function (p, ...rest) {
  note(p);
  return readFile.call(this, p, ...rest);
};
