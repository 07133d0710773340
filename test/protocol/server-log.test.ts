import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { pathToFileURL } from 'url';
import { DIALECTS } from '../../shared/dialects';
import { buildServer } from './build';
import { LspClient, ROOT } from './lsp-client';

const FIXTURE = path.join(ROOT, 'test/fixtures/server/opencode');
const VERSION = (JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;

describe('language server: what it logs to the RuleLens output', function () {
  this.timeout(60_000);
  let client: LspClient;
  let ruleUri: string;
  let text: string;

  before(async () => {
    buildServer();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rulelens-log-'));
    for (const f of fs.readdirSync(FIXTURE)) fs.copyFileSync(path.join(FIXTURE, f), path.join(dir, f));
    ruleUri = pathToFileURL(path.join(dir, 'opencode.json')).href;
    text = fs.readFileSync(path.join(dir, 'opencode.json'), 'utf8');
    client = new LspClient();
    const init = (await client.initialize(pathToFileURL(dir).href)) as { serverInfo: { name: string; version: string } };
    assert.deepStrictEqual(init.serverInfo, { name: 'rulelens', version: VERSION });
  });
  after(async () => client?.stop());

  it('logs its start: version, node, the dialects loaded', async () => {
    await client.until(() => client.log.some((l) => l.includes('RuleLens language server')), 5000, 'start-up line');
    const line = client.log.find((l) => l.includes('RuleLens language server'))!;
    assert.match(line, new RegExp(`RuleLens language server ${VERSION.replace(/\./g, '\\.')} \\(node v\\d+`));
    assert.ok(line.includes(`dialects: ${DIALECTS.map((d) => d.id).join(', ')} loaded in `), line);
    assert.match(line, /loaded in \d+ ms$/);
  });


  it('logs no timings while rulelens.trace.server is off', async () => {
    await client.open(ruleUri, text);
    await client.until(() => client.diagnostics.has(ruleUri), 15_000, 'diagnostics');
    assert.ok(!client.log.some((l) => l.startsWith('validated ')), client.log.join('\n'));
  });

  it('logs the time of each validation once rulelens.trace.server is on', async () => {
    client.settings = { lints: {}, excludeFiles: [], trace: { server: 'verbose' } };
    await client.conn.sendNotification('workspace/didChangeConfiguration', { settings: { rulelens: client.settings } });
    await client.change(ruleUri, text.replace('"ask"', '"deny"'));
    await client.until(() => client.log.some((l) => l.startsWith('validated ')), 15_000, 'a timing line');
    assert.match(client.log.find((l) => l.startsWith('validated '))!, /^validated .*opencode\.json in \d+\.\d ms: \d+ diagnostics? in opencode\.json/);
  });
});
