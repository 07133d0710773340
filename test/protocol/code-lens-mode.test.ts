import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { pathToFileURL } from 'url';
import { buildServer } from './build';
import { LspClient, ROOT } from './lsp-client';

interface Lens { range: { start: { line: number } }; command?: { title: string; command: string } }

const FIXTURE = path.join(ROOT, 'test/fixtures/server/opencode');
/** The fixture plus two rules that decide none of the stored requests. */
const RULES = JSON.stringify({
  permissions: [
    { action: 'edit', resource: '*', effect: 'ask' },
    { action: 'edit', resource: 'docs/*', effect: 'allow' },
    { action: 'edit', resource: 'secrets/*', effect: 'deny' },
    { action: 'bash', resource: 'git status', effect: 'allow' },
    { action: 'bash', resource: 'rm *', effect: 'deny' },
  ],
}, null, 2);

describe('language server: the rulelens.codeLens setting', function () {
  this.timeout(60_000);
  let client: LspClient;
  let ruleUri: string;
  let requestsUri: string;

  before(async () => {
    buildServer();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rulelens-lens-'));
    fs.copyFileSync(path.join(FIXTURE, 'opencode.requests.json'), path.join(dir, 'opencode.requests.json'));
    fs.writeFileSync(path.join(dir, 'opencode.json'), RULES);
    ruleUri = pathToFileURL(path.join(dir, 'opencode.json')).href;
    requestsUri = pathToFileURL(path.join(dir, 'opencode.requests.json')).href;
    client = new LspClient();
    await client.initialize(pathToFileURL(dir).href);
    await client.open(ruleUri, RULES);
    await client.open(requestsUri, fs.readFileSync(path.join(dir, 'opencode.requests.json'), 'utf8'));
    await client.until(() => client.diagnostics.has(ruleUri), 15_000, 'diagnostics');
  });
  after(async () => client?.stop());

  const lenses = (uri: string) => client.request<Lens[]>('textDocument/codeLens', { textDocument: { uri } });
  async function setMode(mode: string): Promise<void> {
    client.settings = { lints: {}, excludeFiles: [], codeLens: mode };
    await client.conn.sendNotification('workspace/didChangeConfiguration', { settings: { rulelens: client.settings } });
  }

  it('all (the default): "decides none" lenses fold into the summary; rules that decide keep theirs', async () => {
    const titles = (await lenses(ruleUri)).map((l) => l.command?.title);
    assert.strictEqual(titles[0], '6 requests: 6 passed, 0 failed · 2 rules decide none');
    assert.ok(!titles.some((t) => /^decides none/.test(t ?? '')), titles.join('\n'));
    assert.deepStrictEqual(titles.slice(1, 3), ['decides D (ask)', 'decides A (allow)']);
  });

  it('summary: only the lens on top of each file', async () => {
    await setMode('summary');
    assert.deepStrictEqual((await lenses(ruleUri)).map((l) => l.range.start.line), [0]);
    assert.strictEqual((await lenses(requestsUri)).length, 1);
  });

  it('off: no lenses; all brings them back', async () => {
    await setMode('off');
    assert.deepStrictEqual(await lenses(ruleUri), []);
    assert.deepStrictEqual(await lenses(requestsUri), []);
    await setMode('all');
    assert.ok((await lenses(requestsUri)).length > 1);
  });
});
