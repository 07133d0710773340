import * as fs from 'fs';
import * as path from 'path';
import { ArgumentError } from '../args';
import { meant } from '../did-you-mean';
import type { Out } from '../io';

/** The transports `vscode-languageserver` reads from the command line, plus the client's process id. */
const TRANSPORT = /^--(?:stdio|node-ipc|socket=\d+|port=\d+|pipe=.+|clientProcessId=\d+)$/;

/** The bundled server sits beside the bundled CLI in `dist/`; from the sources it is `dist/` at the root. */
function serverBundle(): string {
  const beside = path.join(__dirname, 'server.js');
  return fs.existsSync(beside) ? beside : path.resolve(__dirname, '..', '..', 'dist', 'server.js');
}

/**
 * `rulelens lsp [--stdio]`: runs the language server in this process, for editors other than VS
 * Code. Stdio is the default transport. Never resolves: the server exits when the client says so.
 */
export async function lspCommand(argv: string[], io: Out): Promise<number> {
  const bad = argv.filter((a) => !TRANSPORT.test(a));
  if (bad.length) throw new ArgumentError(`unknown option '${bad[0]}'${meant(bad[0].split('=')[0], ['--stdio', '--node-ipc', '--socket'])} (the server takes --stdio, --node-ipc or --socket=PORT)`);
  // The server picks its transport from process.argv; stdio unless another one was asked for.
  if (!argv.some((a) => /^--(?:stdio|node-ipc|socket=|port=|pipe=)/.test(a))) process.argv.push('--stdio');
  const bundle = serverBundle();
  if (!fs.existsSync(bundle)) {
    io.err(`rulelens lsp: the server bundle ${bundle} is missing (run npm run build)`);
    return 2;
  }
  require(bundle);
  return new Promise<number>(() => undefined);
}
