import { strict as assert } from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { evaluateBoundsPaths, parseBoundsPaths, pathViews, shellWords } from '../../../shared/dialects/bounds-paths';
import { judgeBoundsStep } from '../../../shared/dialects/bounds-rules';
import { nodePathFs } from '../../../shared/host/node-fs';
import type { EvalContext, PathFs } from '../../../shared/model';
import { proposal, rangeOfText, rulesOf, SEND_AFTER_UNTRUSTED, step } from './helpers';

const CONFIG = {
  version: 1,
  root: '.',
  tools: { 'file.read': { path_arg: 'path', access: 'read' }, 'file.write': { path_arg: 'path', access: 'write' }, 'shell.exec': { shell: true, command_arg: 'command', cwd_arg: 'cwd' } },
  allow: { read: ['**'], write: ['src/**', 'docs/**'] },
  deny: { read: ['.env', '.env.*', 'secrets/**'], write: ['secrets/**', '.git/**'] },
};

/** A fake file system: existing absolute paths, and symlinks from a path prefix to a target. */
function fakeFs(existing: string[], links: Record<string, string> = {}): PathFs {
  return {
    realpath(p: string) {
      let cur = p;
      for (let hops = 0; hops < 40; hops++) {
        const link = Object.keys(links).find((l) => cur === l || cur.startsWith(l + '/'));
        if (!link) return existing.includes(cur) ? cur : undefined;
        cur = links[link] + cur.slice(link.length);
      }
      return undefined;
    },
  };
}

const ROOT_FILES = ['/p', '/p/src', '/p/src/app.ts', '/p/secrets', '/p/secrets/key', '/p/.env', '/p/docs', '/outside', '/outside/x'];

function rs(config: object = CONFIG, file = '/p/.attesso/paths.json') {
  return parseBoundsPaths({ path: file, text: JSON.stringify(config, null, 2) });
}

describe('bounds-paths: schema', () => {
  it('accepts the spec example; root defaults to the folder holding .attesso/', () => {
    const r = rs();
    assert.deepEqual(r.findings, []);
    assert.equal(r.root, '/p');
    assert.equal(rs({ ...CONFIG, root: 'sub' }).root, '/p/sub');
    assert.equal(rs(CONFIG, '/q/paths.json').root, '/q');
    assert.deepEqual(r.rules.map((x) => x.label).slice(0, 3), ['allow read **', 'allow write src/**', 'allow write docs/**']);
  });
  it('reports errors with exact ranges', () => {
    const text = '{"version": 1, "tools": {"file.read": {"path_arg": "path", "access": "exec"}, "sh": {"shell": false}}, "allow": {"read": ["", 3]}, "deny": {"read": "x"}}';
    const r = parseBoundsPaths({ path: '/p/.attesso/paths.json', text });
    const msg = (re: RegExp) => r.findings.find((f) => re.test(f.message));
    assert.deepEqual(msg(/"access" must be "read" or "write"/)?.range, rangeOfText(text, '"exec"'));
    assert.deepEqual(msg(/"shell" must be true/)?.range, rangeOfText(text, 'false'));
    assert.deepEqual(msg(/glob must be a non-empty string, found an empty/)?.range, rangeOfText(text, '""'));
    assert.deepEqual(msg(/glob must be a non-empty string, found a number/)?.range, rangeOfText(text, '3'));
    assert.deepEqual(msg(/"deny.read" must be an array/)?.range, rangeOfText(text, '"x"'));
    const v = parseBoundsPaths({ path: 'paths.json', text: '{"version": 3, "tools": {}}' });
    assert.deepEqual(v.findings[0].range, rangeOfText('{"version": 3, "tools": {}}', '3'));
  });
});

describe('bounds-paths: file tools', () => {
  const ctx = { fs: fakeFs(ROOT_FILES) };
  const judge = (tool: string, p: unknown, c: EvalContext = ctx, r = rs()) => evaluateBoundsPaths(r, { tool, args: p === undefined ? {} : { path: p } }, c);

  it('allows an allowed path inside the root', () => {
    const v = judge('file.read', 'src/app.ts');
    assert.equal(v.native, 'ALLOW');
    assert.deepEqual(v.trace.sections.map((s) => s.kind), ['raw view', 'normalized view', 'resolved view']);
    assert.equal(judge('file.write', 'src/new/file.ts').native, 'ALLOW');
    assert.equal(judge('file.read', './src/app.ts').native, 'ALLOW');
  });
  it('PATH_REQUIRED for a missing, empty or non-string path', () => {
    for (const p of [undefined, '', 42]) assert.equal(judge('file.read', p).code, 'PATH_REQUIRED');
  });
  it('deny globs win over allow; no allow match refuses', () => {
    const v = judge('file.read', '.env');
    assert.equal(v.code, 'PATH_SCOPE_DENIED');
    assert.equal(v.rule?.label, 'deny read .env');
    assert.equal(judge('file.read', '.env.local').code, 'PATH_SCOPE_DENIED');
    const w = judge('file.write', 'README.md');
    assert.equal(w.code, 'PATH_SCOPE_DENIED');
    assert.equal(w.details.reason, 'not-allowed');
  });
  it('traversal: a lexical escape, an absolute path outside, and traversal into a denied folder', () => {
    const up = judge('file.read', '../outside/x');
    assert.equal(up.code, 'PATH_SCOPE_DENIED');
    assert.equal(up.details.reason, 'escapes-root');
    assert.equal(judge('file.read', '/outside/x').details.reason, 'escapes-root');
    assert.equal(judge('file.read', '/p/src/app.ts').native, 'ALLOW');
    const sneaky = judge('file.write', 'src/../secrets/key');
    assert.equal(sneaky.code, 'PATH_SCOPE_DENIED');
    const tricky = judge('file.read', 'src/../../outside/x');
    assert.equal(tricky.details.reason, 'escapes-root');
  });
  it('symlinks (fake PathFs): a link escaping the root, and a link into a denied folder', () => {
    const c = { fs: fakeFs(ROOT_FILES, { '/p/src/out': '/outside', '/p/src/keys': '/p/secrets' }) };
    const out = judge('file.read', 'src/out/x', c);
    assert.equal(out.code, 'PATH_SCOPE_DENIED');
    assert.equal(out.details.view, 'resolved');
    assert.equal(out.details.reason, 'escapes-root');
    const keys = judge('file.write', 'src/keys/key', c);
    assert.equal(keys.code, 'PATH_SCOPE_DENIED');
    assert.equal(keys.rule?.label, 'deny write secrets/**');
    assert.equal(keys.details.view, 'resolved');
  });
  it('unresolvable: no file system, or a root that does not resolve, is refused (fail closed)', () => {
    assert.equal(judge('file.read', 'src/app.ts', {}).details.reason, 'unresolvable');
    assert.equal(judge('file.read', 'src/app.ts', { fs: fakeFs([]) }).details.reason, 'unresolvable');
  });
  it('a tool paths.json does not configure is not scoped', () => {
    const v = evaluateBoundsPaths(rs(), { tool: 'web.fetch', args: { url: 'x' } }, ctx);
    assert.equal(v.native, 'ALLOW');
    assert.equal(v.details.reason, 'unscoped-tool');
  });
  it('pathViews keeps the three views apart', () => {
    const views = pathViews('src/../secrets/key', '/p', '/p', fakeFs(ROOT_FILES));
    assert.deepEqual(views.map((v) => v.rel), ['src/../secrets/key', 'secrets/key', 'secrets/key']);
  });
});

describe('bounds-paths: real symlinks in a temp folder', () => {
  let dir: string;
  let outside: string;
  before(() => {
    dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'rulelens-paths-')));
    outside = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'rulelens-out-')));
    fs.mkdirSync(path.join(dir, '.attesso'));
    fs.mkdirSync(path.join(dir, 'src'));
    fs.mkdirSync(path.join(dir, 'secrets'));
    fs.writeFileSync(path.join(dir, 'secrets/key'), 'k');
    fs.writeFileSync(path.join(dir, 'src/app.ts'), '');
    fs.writeFileSync(path.join(outside, 'passwd'), '');
    fs.symlinkSync(outside, path.join(dir, 'src/escape'));
    fs.symlinkSync(path.join(dir, 'secrets/key'), path.join(dir, 'src/key-link'));
    fs.writeFileSync(path.join(dir, '.attesso/paths.json'), JSON.stringify(CONFIG));
  });
  after(() => {
    fs.rmSync(dir, { recursive: true, force: true });
    fs.rmSync(outside, { recursive: true, force: true });
  });
  const judge = (tool: string, p: string) => evaluateBoundsPaths(parseBoundsPaths({ path: path.join(dir, '.attesso/paths.json'), text: JSON.stringify(CONFIG) }), { tool, args: { path: p } }, { fs: nodePathFs });

  it('allows a plain file and a new file under an allowed folder', () => {
    assert.equal(judge('file.read', 'src/app.ts').native, 'ALLOW');
    assert.equal(judge('file.write', 'src/new.ts').native, 'ALLOW');
  });
  it('refuses a symlinked folder leading outside the root', () => {
    const v = judge('file.read', 'src/escape/passwd');
    assert.equal(v.code, 'PATH_SCOPE_DENIED');
    assert.equal(v.details.reason, 'escapes-root');
    assert.equal(judge('file.write', 'src/escape/new.txt').details.reason, 'escapes-root');
  });
  it('refuses a symlink to a denied file even though its own name is allowed', () => {
    const v = judge('file.read', 'src/key-link');
    assert.equal(v.code, 'PATH_SCOPE_DENIED');
    assert.equal(v.details.view, 'resolved');
    assert.equal(v.rule?.label, 'deny read secrets/**');
  });
});

describe('bounds-paths: shell tools (best effort)', () => {
  const ctx = { fs: fakeFs(ROOT_FILES) };
  const sh = (command: unknown, cwd?: string) => evaluateBoundsPaths(rs(), { tool: 'shell.exec', args: { command, ...(cwd ? { cwd } : {}) } }, ctx);
  it('refuses a cwd outside the root', () => {
    const v = sh('ls', '../outside');
    assert.equal(v.code, 'SHELL_SCOPE_DENIED');
    assert.equal(v.details.reason, 'cwd-outside-root');
  });
  it('refuses words naming write-denied paths, and read-denied paths for reading commands or < redirects', () => {
    assert.equal(sh('echo hi > secrets/new').details.reason, 'denied-write');
    assert.equal(sh('cat .env').details.reason, 'denied-read');
    assert.equal(sh('wc -l < .env').details.reason, 'denied-read');
    assert.equal(sh('ls && cat "src/../.env"').code, 'SHELL_SCOPE_DENIED');
    assert.equal(sh('cat key', 'secrets').code, 'SHELL_SCOPE_DENIED');
    assert.equal(sh('node build.js --out=.git/hooks/x').details.reason, 'denied-write');
  });
  it('allows commands naming no denied path, and says the scan is best effort', () => {
    const v = sh('echo .env && ls src');
    assert.equal(v.native, 'ALLOW');
    assert.ok(v.trace.notes.some((n) => /not a sandbox/.test(n)));
  });
  it('an empty command is refused', () => {
    assert.equal(sh('').code, 'SHELL_SCOPE_DENIED');
  });
  it('shellWords splits quotes, operators and redirects', () => {
    assert.deepEqual(shellWords(`cat 'a b' "c\\"d" e\\ f | wc`).map((w) => [w.text, w.command]), [['cat', null], ['a b', 'cat'], ['c"d', 'cat'], ['e f', 'cat'], ['wc', null]]);
  });
});

describe('bounds: both files, paths.json first', () => {
  const files = { paths: rs(), rules: rulesOf([SEND_AFTER_UNTRUSTED, { id: 'reads', deny: { capability: 'read' }, max_steps: 1 }]) };
  const ctx = { fs: fakeFs(ROOT_FILES) };
  it('a scope refusal wins over a path rule that would also refuse', () => {
    const v = judgeBoundsStep(files, [step(1)], proposal({ action: 'file.read', subject: '.env', capability: 'read' }), ctx);
    assert.equal(v.code, 'PATH_SCOPE_DENIED');
    assert.ok(v.trace.notes.some((n) => /rules.json was not consulted/.test(n)));
  });
  it('then rules.json decides, with the scope sections kept in the trace', () => {
    const v = judgeBoundsStep(files, [step(1)], proposal({ action: 'file.read', subject: 'src/app.ts', capability: 'read' }), ctx);
    assert.equal(v.code, 'STEP_LIMIT');
    assert.equal(v.trace.sections[0].kind, 'raw view');
    assert.equal(judgeBoundsStep(files, [step(1)], proposal(), ctx).code, 'PATH_DENIED');
  });
  it('explicit args take precedence over the subject', () => {
    const v = judgeBoundsStep({ paths: files.paths }, [], { ...proposal({ action: 'file.read', subject: 'src/app.ts', capability: 'read' }), args: { path: 'secrets/key' } }, ctx);
    assert.equal(v.code, 'PATH_SCOPE_DENIED');
  });
});
