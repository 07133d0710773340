#!/usr/bin/env node
'use strict';
// The RuleLens language server for any LSP editor; the same as `rulelens lsp`. Stdio by default.
if (!process.argv.slice(2).some((a) => /^--(?:stdio|node-ipc|socket=|port=|pipe=)/.test(a))) process.argv.push('--stdio');
require('../dist/server.js');
