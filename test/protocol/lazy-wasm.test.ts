import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { pathToFileURL } from 'url';
import { buildServer } from './build';
import { LspClient } from './lsp-client';

/** What the probe saw the server read: the WebAssembly files, one path a line. */
function wasmRead(probe: string): string[] {
  return fs.existsSync(probe) ? fs.readFileSync(probe, 'utf8').split('\n').filter(Boolean) : [];
}

describe('language server: the shell parser loads on first need', function () {
  this.timeout(120_000);
  let client: LspClient;
  let dir: string;
  let probe: string;
  const saved = { options: process.env.NODE_OPTIONS, probe: process.env.RULELENS_WASM_PROBE };

  before(async () => {
    buildServer();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rulelens-wasm-'));
    probe = path.join(dir, 'wasm-reads.txt');
    fs.writeFileSync(path.join(dir, 'opencode.json'), '{ "permission": { "edit": "deny", "bash": { "git *": "allow" } } }\n');
    // The Claude settings are another project's: a Claude policy beside the OpenCode file would be
    // compared with it (agents-disagree), and that needs Claude Code's shell parser at once.
    fs.mkdirSync(path.join(dir, 'other', '.claude'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'other', '.claude', 'settings.json'), '{ "permissions": { "allow": ["Bash(npm run:*)"], "deny": ["Bash(rm:*)"] } }\n');
    // The server process inherits these: the probe is preloaded into it.
    process.env.NODE_OPTIONS = `${saved.options ?? ''} -r ${path.join(__dirname, 'wasm-probe.cjs')}`.trim();
    process.env.RULELENS_WASM_PROBE = probe;
    client = new LspClient();
    await client.initialize(pathToFileURL(dir).href);
  });
  after(async () => {
    await client?.stop();
    if (saved.options === undefined) delete process.env.NODE_OPTIONS;
    else process.env.NODE_OPTIONS = saved.options;
    if (saved.probe === undefined) delete process.env.RULELENS_WASM_PROBE;
    else process.env.RULELENS_WASM_PROBE = saved.probe;
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('starts and checks an OpenCode file without reading any WebAssembly', async () => {
    const uri = pathToFileURL(path.join(dir, 'opencode.json')).href;
    await client.open(uri, fs.readFileSync(path.join(dir, 'opencode.json'), 'utf8'));
    await client.until(() => client.diagnostics.has(uri), 60_000, 'OpenCode diagnostics');
    assert.deepStrictEqual(wasmRead(probe), []);
  });

  it('loads the bash grammar once a Claude Code file is opened, and then decides its commands', async () => {
    const uri = pathToFileURL(path.join(dir, 'other', '.claude', 'settings.json')).href;
    await client.open(uri, fs.readFileSync(path.join(dir, 'other', '.claude', 'settings.json'), 'utf8'));
    await client.until(() => client.diagnostics.has(uri), 60_000, 'Claude Code diagnostics');
    assert.ok(wasmRead(probe).some((p) => p.endsWith('tree-sitter-bash.wasm')), wasmRead(probe).join(', '));
    const r = await client.request<{ ok: boolean; verdict?: { decision: string } }>('rulelens/evaluate', { uri, request: { tool: 'Bash', command: 'npm run build' } });
    assert.strictEqual(r.ok, true, JSON.stringify(r));
    assert.strictEqual(r.verdict?.decision, 'allow', JSON.stringify(r));
  });
});
