#!/usr/bin/env node
'use strict';
const { main, ignoreBrokenPipes } = require('../dist/cli.js');
ignoreBrokenPipes();
main(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
