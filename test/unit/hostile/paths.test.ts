import * as assert from 'assert';
import { parseOpencode, evaluateOpencode } from '../../../shared/dialects/opencode';
import type { PathFs, RuleSet } from '../../../shared/model';
import { decide, initDialects, withDialect } from './helpers';

const OPENCODE = JSON.stringify({ permissions: [
  { action: 'edit', resource: '*', effect: 'ask' },
  { action: 'edit', resource: 'docs/*', effect: 'allow' },
  { action: 'edit', resource: 'secrets/*', effect: 'deny' },
  { action: 'edit', resource: 'café/*', effect: 'deny' },
] });

/** A file system of one symlink: /p/docs/link → /p/secrets/key (and the folders around it). */
const LINKED: PathFs = {
  realpath(p: string) {
    if (p === '/p/docs/link' || p.startsWith('/p/docs/link/')) return '/p/secrets/key' + p.slice('/p/docs/link'.length);
    return p.startsWith('/p') ? p : undefined;
  },
};

describe('hostile input: paths under opencode (literal matching, spec/opencode.md)', () => {
  const rs = parseOpencode({ path: 'opencode.json', text: OPENCODE }, { builtins: false });
  const decision = (resource: string) => evaluateOpencode(rs, { action: 'edit', resources: [resource] }).decision;

  it('a Cyrillic look-alike is another string: not denied (asks by the catch-all)', () => assert.strictEqual(decision('\u0455ecrets/key'), 'ask'));
  it('NFC and NFD spellings are different strings: the NFD one escapes the NFC deny', () => {
    assert.strictEqual(decision('café/menu'.normalize('NFC')), 'deny');
    assert.strictEqual(decision('café/menu'.normalize('NFD')), 'ask');
  });
  it('`..` is not resolved: `docs/../secrets/key` is allowed by `docs/*`, as the agent does', () => assert.strictEqual(decision('docs/../secrets/key'), 'allow'));
  it('backslashes read as `/`: `secrets\\key` is denied', () => assert.strictEqual(decision('secrets\\key'), 'deny'));
  it('a NUL byte does not cut the resource short', () => assert.strictEqual(decision('docs/a\0/../../secrets/key'), 'allow'));
});

describe('hostile input: safe path evaluation (claude, bounds-paths)', () => {
  before(() => initDialects());

  withDialect('claude', 'claude Read rules', (claude) => {
    let rs: RuleSet;
    before(() => {
      rs = claude.parse({ path: '/p/.claude/settings.json', text: JSON.stringify({ permissions: { allow: ['Read(docs/**)'], deny: ['Read(secrets/**)'] } }) }, { root: '/p', home: '/h' });
    });
    const read = (path: string, fs?: PathFs) => decide(claude, rs, { tool: 'Read', path, cwd: '/p' }, { root: '/p', home: '/h', fs }).decision;
    it('traversal into a denied folder is denied (the normalized view matches)', () => assert.strictEqual(read('docs/../secrets/key'), 'deny'));
    it('a path escaping the root is at most ask', () => assert.notStrictEqual(read('docs/../../etc/passwd'), 'allow'));
    it('a symlink into a denied folder is denied (the resolved view matches)', () => assert.strictEqual(read('docs/link', LINKED), 'deny'));
    it('a path that does not exist gets the verdict it would get if it did (the agent decides the same on every machine)', () => {
      assert.strictEqual(read('docs/missing', { realpath: () => undefined }), read('docs/missing', { realpath: (p) => p }));
      assert.strictEqual(read('secrets/missing', { realpath: () => undefined }), 'deny');
    });
    it('a plain allowed path is allowed', () => assert.strictEqual(read('docs/a.md', LINKED), 'allow'));
  });

  withDialect('bounds-paths', 'bounds-paths file scope', (bp) => {
    const paths = JSON.stringify({ version: 1, root: '.', tools: { 'file.read': { path_arg: 'path', access: 'read' } }, allow: { read: ['**'] }, deny: { read: ['secrets/**', '.env'] } });
    let rs: RuleSet;
    before(() => {
      rs = bp.parse({ path: '/p/.attesso/paths.json', text: paths }, { root: '/p' });
    });
    const read = (path: string, fs?: PathFs) => decide(bp, rs, { tool: 'file.read', args: { path } }, { root: '/p', fs });
    it('traversal into a denied folder is PATH_SCOPE_DENIED', () => assert.strictEqual(read('docs/../secrets/key').code, 'PATH_SCOPE_DENIED'));
    it('a path escaping the root is denied', () => assert.strictEqual(read('../outside/x').decision, 'deny'));
    it('a symlink into a denied folder is denied', () => assert.strictEqual(read('docs/link', LINKED).decision, 'deny'));
    it('an empty path is PATH_REQUIRED', () => assert.strictEqual(read('').code, 'PATH_REQUIRED'));
    it('an allowed path is allowed', () => assert.strictEqual(read('docs/a.md', LINKED).decision, 'allow'));
  });
});
