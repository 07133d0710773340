import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { pathToFileURL } from 'url';
import { type LspClient, ROOT } from './lsp-client';

const FIXTURE = path.join(ROOT, 'test/fixtures/server/opencode');

/**
 * Drives the server the way another editor would (Neovim, Helix): through `rulelens lsp --stdio`
 * or the `rulelens-language-server` bin, speaking LSP over the process's stdin/stdout.
 */
export async function exerciseServer(client: LspClient): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rulelens-lsp-cmd-'));
  for (const f of fs.readdirSync(FIXTURE)) fs.copyFileSync(path.join(FIXTURE, f), path.join(dir, f));
  const ruleUri = pathToFileURL(path.join(dir, 'opencode.json')).href;
  const requestsUri = pathToFileURL(path.join(dir, 'opencode.requests.json')).href;
  const init = (await client.initialize(pathToFileURL(dir).href)) as { capabilities: Record<string, unknown>; serverInfo?: { name: string; version?: string } };
  assert.ok(init.capabilities.hoverProvider, 'hover');
  assert.ok(init.capabilities.codeActionProvider, 'code actions');
  assert.strictEqual(init.serverInfo?.name, 'rulelens');
  await client.open(ruleUri, fs.readFileSync(path.join(dir, 'opencode.json'), 'utf8'));
  await client.open(requestsUri, fs.readFileSync(path.join(dir, 'opencode.requests.json'), 'utf8'));
  await client.until(() => client.diagnostics.has(requestsUri), 20_000, 'diagnostics');
  assert.deepStrictEqual(client.diagnostics.get(requestsUri)!.diagnostics.map((d) => d.code), ['empty-resources']);
  const hover = await client.request<{ contents: { value: string } } | null>('textDocument/hover', { textDocument: { uri: ruleUri }, position: { line: 5, character: 40 } });
  assert.match(hover?.contents.value ?? '', /deny/);
}
