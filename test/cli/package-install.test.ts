import * as assert from 'assert';
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { LspClient } from '../protocol/lsp-client';
import { exerciseServer } from '../protocol/any-editor';
import { ROOT } from './helpers';

const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const NPX = process.platform === 'win32' ? 'npx.cmd' : 'npx';

function run(cmd: string, args: string[], cwd: string): { code: number; stdout: string; stderr: string } {
  // npm's own variables from `npm test` would point the child npm at this project; drop them.
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k)));
  const r = spawnSync(cmd, args, { cwd, encoding: 'utf8', env, maxBuffer: 64 * 1024 * 1024 });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

/**
 * The README's quick start on a clean folder: `npm pack` here, install the tarball into an empty
 * project, then `npx rulelens --version`, a check and the language server through the installed bins.
 */
describe('the packed package installs and runs', function () {
  this.timeout(300_000);
  let project: string;
  let tarball: string;

  before(() => {
    const out = fs.mkdtempSync(path.join(os.tmpdir(), 'rulelens-pack-'));
    const packed = run(NPM, ['pack', '--json', '--pack-destination', out], ROOT);
    assert.strictEqual(packed.code, 0, packed.stderr);
    const info = JSON.parse(packed.stdout.slice(packed.stdout.indexOf('['))) as Array<{ filename: string; files: Array<{ path: string }> }>;
    tarball = path.join(out, info[0].filename);
    const files = info[0].files.map((f) => f.path);
    for (const f of ['bin/rulelens.js', 'bin/rulelens-language-server.js', 'dist/cli.js', 'dist/server.js', 'dist/tree-sitter-bash.wasm', 'dist/web-tree-sitter.wasm', 'docs/lints/shadowed-deny.md']) assert.ok(files.includes(f), `${f} is in the tarball`);
    assert.ok(!files.some((f) => /^(?:shared|server|cli|client|test|node_modules)\//.test(f)), 'no sources or tests in the tarball');
    assert.ok(!files.some((f) => f.endsWith('.map') || f === 'dist/client.js'), 'no source maps, no VS Code client');
    project = fs.mkdtempSync(path.join(os.tmpdir(), 'rulelens-install-'));
    // An empty folder, as in docs/ci.md: no package.json, `npm install --no-save TARBALL`.
    const installed = run(NPM, ['install', '--no-save', '--no-audit', '--no-fund', tarball], project);
    assert.strictEqual(installed.code, 0, installed.stderr);
    assert.deepStrictEqual(fs.readdirSync(path.join(project, 'node_modules')).filter((d) => !d.startsWith('.')), ['rulelens'], 'no runtime dependencies to fetch');
  });

  it('the npm allowlist (.npmignore) and the .vsix one (.vscodeignore) stay apart: vsce refuses "files" beside .vscodeignore', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { files?: unknown };
    assert.ok(!(pkg.files !== undefined && fs.existsSync(path.join(ROOT, '.vscodeignore'))));
  });

  it('npx rulelens --version prints the package version', () => {
    const version = (JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
    const r = run(NPX, ['rulelens', '--version'], project);
    assert.strictEqual(r.code, 0, r.stderr);
    assert.strictEqual(r.stdout.trim(), `rulelens ${version}`);
  });

  it('npx rulelens check runs the shell parser and stored requests from the installed copy', () => {
    fs.cpSync(path.join(ROOT, 'examples/claude'), path.join(project, 'claude'), { recursive: true });
    fs.cpSync(path.join(ROOT, 'examples/opencode'), path.join(project, 'opencode'), { recursive: true });
    const r = run(NPX, ['rulelens', 'check', '.'], project);
    assert.strictEqual(r.code, 0, r.stdout + r.stderr);
    assert.match(r.stdout, /2 files · 0 errors/);
    assert.match(r.stdout, /\.claude\/settings\.json \(claude/);
  });

  it('npx rulelens check fails on a failed stored request', () => {
    const dir = path.join(project, 'failing');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'opencode.json'), JSON.stringify({ permission: { edit: { '*': 'allow' } } }));
    fs.writeFileSync(path.join(dir, 'opencode.requests.json'), JSON.stringify({ requests: [{ name: 'secrets stay closed', origin: 'synthetic', action: 'edit', resources: ['secrets/a'], expect: 'deny' }] }));
    const r = run(NPX, ['rulelens', 'check', 'failing'], project);
    assert.strictEqual(r.code, 1, r.stdout + r.stderr);
    assert.match(r.stdout, /1 failed/);
  });

  it('the installed rulelens lsp --stdio and rulelens-language-server serve LSP', async () => {
    for (const bin of [['rulelens', 'lsp', '--stdio'], ['rulelens-language-server', '--stdio']]) {
      const file = path.join(project, 'node_modules', '.bin', bin[0]);
      assert.ok(fs.existsSync(file), `${bin[0]} is installed`);
      const client = new LspClient({ file, args: bin.slice(1), cwd: project });
      try {
        await exerciseServer(client);
      } finally {
        await client.stop();
      }
    }
  });

  after(() => {
    if (project) fs.rmSync(project, { recursive: true, force: true });
    if (tarball) fs.rmSync(path.dirname(tarball), { recursive: true, force: true });
  });
});
