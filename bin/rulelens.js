#!/usr/bin/env node
'use strict';
const { loadCached } = require('./compile-cache.js');
const cli = loadCached(require.resolve('../dist/cli.js'));
const { main, ignoreBrokenPipes } = cli.exports;
ignoreBrokenPipes();
main(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
  cli.done();
});
