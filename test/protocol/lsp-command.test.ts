import * as assert from 'assert';
import * as os from 'os';
import * as path from 'path';
import { pathToFileURL } from 'url';
import { ensureBuilt } from '../cli/helpers';
import { exerciseServer } from './any-editor';
import { LspClient, ROOT } from './lsp-client';

describe('the language server for any LSP editor', function () {
  this.timeout(60_000);
  before(() => ensureBuilt());

  for (const [label, args] of [
    ['rulelens lsp --stdio', [path.join(ROOT, 'bin/rulelens.js'), 'lsp', '--stdio']],
    ['rulelens lsp (stdio by default)', [path.join(ROOT, 'bin/rulelens.js'), 'lsp']],
    ['rulelens-language-server --stdio', [path.join(ROOT, 'bin/rulelens-language-server.js'), '--stdio']],
  ] as const) {
    it(`serves diagnostics and hovers through ${label}`, async () => {
      const client = new LspClient({ file: process.execPath, args: [...args], cwd: os.tmpdir() });
      try {
        await exerciseServer(client);
      } finally {
        await client.stop();
      }
    });
  }

  it('exits when the client sends shutdown and exit', async () => {
    const client = new LspClient({ file: process.execPath, args: [path.join(ROOT, 'bin/rulelens.js'), 'lsp', '--stdio'] });
    await client.initialize(pathToFileURL(os.tmpdir()).href);
    const exited = new Promise<number | null>((resolve) => client.proc.on('exit', (code) => resolve(code)));
    await client.request('shutdown', null);
    await client.conn.sendNotification('exit');
    assert.strictEqual(await exited, 0);
    client.conn.dispose();
  });
});
