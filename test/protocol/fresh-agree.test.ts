import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { pathToFileURL } from 'url';
import { cli } from '../cli/helpers';
import { buildServer } from './build';
import { LspClient, ROOT } from './lsp-client';

interface CheckedRequest { name: string; decision: string | null; pass: boolean | null; outcome?: string }
interface CheckedFile { path: string; requestsPath: string | null; requests: CheckedRequest[]; requestDiagnostics: Array<{ severity: string }> }
interface Listed { requests: Array<{ name: string; decision: string | null; pass: boolean | null; outcome: string }> }

/** What `rulelens check --format json` decides for every stored request under `dir`, by requests file. */
function checked(dir: string): Map<string, CheckedRequest[]> {
  const r = cli(['check', dir, '--format', 'json']);
  const files = (JSON.parse(r.stdout) as { files: CheckedFile[] }).files;
  return new Map(files.filter((f) => f.requestsPath).map((f) => [f.requestsPath!, f.requests.map((q) => ({ name: q.name, decision: q.decision, pass: q.pass }))]));
}

const SHUFFLES = [
  (xs: string[]) => xs,
  (xs: string[]) => [...xs].reverse(),
  (xs: string[]) => [...xs.filter((_, i) => i % 2), ...xs.filter((_, i) => !(i % 2))],
];

/**
 * The server answers `rulelens/listRequests` (what the Testing view shows) for every shipped
 * example exactly as the CLI checks it, whatever was opened before: dialects whose parser is
 * WebAssembly (Claude Code, Codex, Gemini) are readied for the file asked about, not by the luck
 * of an earlier open.
 */
describe('language server: stored request results agree with `rulelens check`, in any order', function () {
  this.timeout(180_000);
  let dir: string;
  let want: Map<string, CheckedRequest[]>;

  before(() => {
    buildServer();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rulelens-agree-'));
    fs.cpSync(path.join(ROOT, 'examples'), dir, { recursive: true });
    want = checked(dir);
    assert.ok(want.size >= 8, `the examples have requests files: ${[...want.keys()].join(', ')}`);
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  for (const [i, order] of SHUFFLES.entries()) {
    it(`asked in order ${i + 1}, before any file is opened, then after opening them in that order`, async () => {
      const client = new LspClient();
      try {
        await client.initialize(pathToFileURL(dir).href, { backgroundCheck: false });
        const files = order([...want.keys()].sort());
        const ask = async (p: string) => (await client.request<Listed>('rulelens/listRequests', { uri: pathToFileURL(p).href })).requests.map((q) => ({ name: q.name, decision: q.decision, pass: q.pass }));
        for (const p of files) assert.deepStrictEqual(await ask(p), want.get(p), `${path.relative(dir, p)} before any open`);
        for (const p of files) {
          await client.open(pathToFileURL(p).href, fs.readFileSync(p, 'utf8'));
          assert.deepStrictEqual(await ask(p), want.get(p), `${path.relative(dir, p)} once opened`);
        }
      } finally {
        await client.stop();
      }
    });
  }
});
