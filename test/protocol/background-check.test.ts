import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { pathToFileURL } from 'url';
import { cli } from '../cli/helpers';
import { buildServer } from './build';
import { LspClient, ROOT } from './lsp-client';

interface CheckedFile { path: string; diagnostics: Array<{ code: string }> }

/** The finding codes `rulelens check --format json` reports per rule file under `dir`. */
function checkedCodes(dir: string): Map<string, string[]> {
  const files = (JSON.parse(cli(['check', dir, '--format', 'json']).stdout) as { files: CheckedFile[] }).files;
  return new Map(files.map((f) => [pathToFileURL(f.path).href, f.diagnostics.map((d) => d.code).sort()]));
}

const codesOf = (client: LspClient, uri: string) => (client.diagnostics.get(uri)?.diagnostics ?? []).map((d) => String(d.code)).sort();
const FILE_CHANGED = 2;

/**
 * The background policy: with `rulelens.backgroundCheck` on (the default), every rule file of the
 * workspace gets the findings `rulelens check` reports without being opened, and again when it
 * changes on disk; with it off, a file nobody opened has none, even after it changed.
 */
describe('language server: background check of unopened rule files', function () {
  this.timeout(120_000);
  let dir: string;
  let want: Map<string, string[]>;

  before(() => {
    buildServer();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rulelens-background-'));
    fs.cpSync(path.join(ROOT, 'examples'), dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'package.json'), '{ "name": "not-rules" }\n');
    want = checkedCodes(dir);
    assert.ok(want.size >= 8, `the examples are rule files: ${[...want.keys()].join(', ')}`);
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('on: every rule file, unopened, gets the findings the CLI reports; nothing else is published', async () => {
    const client = new LspClient();
    try {
      await client.initialize(pathToFileURL(dir).href);
      await client.until(() => [...want.keys()].every((u) => client.diagnostics.has(u)), 60_000, 'findings of every rule file');
      for (const [uri, codes] of want) assert.deepStrictEqual(codesOf(client, uri), codes, uri);
      assert.ok(!client.diagnostics.has(pathToFileURL(path.join(dir, 'package.json')).href), 'a JSON file that holds no rules gets nothing');
    } finally {
      await client.stop();
    }
  });

  it('on: a rule file changed on disk is checked again', async () => {
    const client = new LspClient();
    const file = path.join(dir, 'opencode', 'opencode.json');
    const uri = pathToFileURL(file).href;
    const before = fs.readFileSync(file, 'utf8');
    try {
      await client.initialize(pathToFileURL(dir).href);
      await client.until(() => client.diagnostics.has(uri), 60_000, 'the first findings');
      assert.ok(!codesOf(client, uri).includes('broad-catch-all'));
      const config = JSON.parse(before) as { permissions: unknown[] };
      config.permissions.push({ action: 'edit', resource: '*', effect: 'allow' });
      fs.writeFileSync(file, JSON.stringify(config, null, 2));
      await client.notify('workspace/didChangeWatchedFiles', { changes: [{ uri, type: FILE_CHANGED }] });
      await client.until(() => codesOf(client, uri).includes('broad-catch-all'), 30_000, 'broad-catch-all after the change on disk');
    } finally {
      fs.writeFileSync(file, before);
      await client.stop();
    }
  });

  it('off: a file nobody opened has no findings, also after it changed on disk', async () => {
    const client = new LspClient();
    client.settings = { ...client.settings, backgroundCheck: false };
    const claude = pathToFileURL(path.join(dir, 'claude', '.claude', 'settings.json')).href;
    const opened = path.join(dir, 'omp', 'config.json');
    try {
      assert.ok(want.get(claude)?.length, 'the CLI has findings on the file');
      await client.initialize(pathToFileURL(dir).href, { backgroundCheck: false });
      await client.open(pathToFileURL(opened).href, fs.readFileSync(opened, 'utf8'));
      // Its schema findings publish first, its lints when they finish: compared once every stage is done.
      const checked = (s: unknown) => (s as { uri?: string; checking?: string }).uri === pathToFileURL(opened).href && !(s as { checking?: string }).checking;
      await client.until(() => client.diagnostics.has(pathToFileURL(opened).href) && client.status.some(checked), 30_000, 'findings of the open file');
      assert.deepStrictEqual(codesOf(client, pathToFileURL(opened).href), want.get(pathToFileURL(opened).href));
      await client.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: claude, type: FILE_CHANGED }] });
      await client.until(() => client.diagnostics.has(claude), 30_000, 'an answer for the changed file');
      assert.deepStrictEqual(codesOf(client, claude), [], `the CLI finds ${want.get(claude)?.join(', ')}; unopened, with the setting off, nothing is shown`);
    } finally {
      await client.stop();
    }
  });
});
