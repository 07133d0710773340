import { strict as assert } from 'assert';
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { ensureBuilt, ROOT } from './helpers';

const PROBE = path.join(ROOT, 'test', 'bench', 'load-probe.cjs');

/** Which bundled files a CLI run loaded, and how many WebAssembly modules it instantiated. */
function loads(args: string[]): { files: string[]; wasm: number; stdout: string } {
  const r = spawnSync(process.execPath, ['--require', PROBE, path.join(ROOT, 'bin/rulelens.js'), ...args], { cwd: ROOT, encoding: 'utf8' });
  const m = /load-probe: (.*)/.exec(r.stderr);
  assert.ok(m, `no probe output: ${r.stderr.slice(-300)}`);
  return { ...JSON.parse(m[1]), stdout: r.stdout };
}

describe('cli: what a run loads', () => {
  let dir: string;
  before(() => {
    ensureBuilt();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rulelens-lazy-'));
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('a pure OpenCode check loads neither the shell parser (no WebAssembly) nor the automata library', () => {
    const oc = path.join(dir, 'oc');
    fs.mkdirSync(oc);
    fs.writeFileSync(path.join(oc, 'opencode.json'), JSON.stringify({ permissions: [{ action: 'edit', resource: '*', effect: 'ask' }, { action: 'edit', resource: 'docs/*', effect: 'allow' }, { action: 'edit', resource: 'secrets/*', effect: 'deny' }] }));
    fs.writeFileSync(path.join(oc, 'opencode.requests.json'), JSON.stringify({ requests: [{ name: 'A', action: 'edit', resources: ['docs/a.md'], expect: 'allow' }] }));
    const r = loads(['check', oc]);
    assert.match(r.stdout, /1 passed, 0 failed/);
    assert.equal(r.wasm, 0);
    assert.deepEqual(r.files.filter((f) => /lib-/.test(f)), []);
  });

  it('a Claude Bash request loads the shell parser when it is needed', () => {
    const cl = path.join(dir, 'cl', '.claude');
    fs.mkdirSync(cl, { recursive: true });
    fs.writeFileSync(path.join(cl, 'settings.json'), JSON.stringify({ permissions: { allow: ['Bash(git status)'] } }));
    fs.writeFileSync(path.join(cl, 'settings.requests.json'), JSON.stringify({ requests: [{ name: 'B', tool: 'Bash', command: 'git status && ls' }] }));
    const r = loads(['check', path.dirname(cl)]);
    assert.ok(r.wasm >= 1);
    assert.ok(r.files.some((f) => f.endsWith('lib-web-tree-sitter.js')));
  });
});
