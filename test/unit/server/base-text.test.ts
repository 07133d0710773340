import * as assert from 'assert';
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { createBaseTextReader } from '../../../server/base-text';

function git(dir: string, ...args: string[]): void {
  const r = spawnSync('git', ['-c', 'user.email=t@example.com', '-c', 'user.name=t', '-c', 'commit.gpgsign=false', ...args], { cwd: dir, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
}

/**
 * The server's base reader runs git once per rule file and HEAD: what it returns must be the file
 * as HEAD has it, "missing" for a file git does not know, and nothing when there is nothing to
 * compare with (an ignored file, no repository).
 */
describe('server: the rule file at HEAD', () => {
  let dir: string;
  before(() => {
    dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'rulelens-base-')));
    fs.mkdirSync(path.join(dir, 'sub'));
    fs.writeFileSync(path.join(dir, 'opencode.json'), '{"permission": {"edit": "ask"}}');
    fs.writeFileSync(path.join(dir, 'sub', 'opencode.json'), '{"permission": {"edit": "deny"}}');
    fs.writeFileSync(path.join(dir, '.gitignore'), 'personal.json\n');
    // A file named HEAD where git runs is never read as the base.
    fs.writeFileSync(path.join(dir, 'HEAD'), 'not a base');
    git(dir, 'init', '-q');
    git(dir, 'add', '.');
    git(dir, 'commit', '-qm', 'base');
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('reads the committed text, not the edited one, from the top or a folder below', () => {
    fs.writeFileSync(path.join(dir, 'opencode.json'), '{"permission": {"edit": "allow"}}');
    const read = createBaseTextReader();
    assert.deepStrictEqual(read(path.join(dir, 'opencode.json')), { text: '{"permission": {"edit": "ask"}}' });
    assert.deepStrictEqual(read(path.join(dir, 'sub', 'opencode.json')), { text: '{"permission": {"edit": "deny"}}' });
  });

  it('a file git does not know is new; an ignored one has nothing to compare with', () => {
    fs.writeFileSync(path.join(dir, 'sub', 'new.json'), '{}');
    fs.writeFileSync(path.join(dir, 'personal.json'), '{}');
    const read = createBaseTextReader();
    assert.deepStrictEqual(read(path.join(dir, 'sub', 'new.json')), { text: '', missing: true });
    assert.strictEqual(read(path.join(dir, 'personal.json')), undefined);
  });

  it('says "new" whatever language git speaks', () => {
    const saved = { LANG: process.env.LANG, LANGUAGE: process.env.LANGUAGE };
    process.env.LANG = 'de_DE.UTF-8';
    process.env.LANGUAGE = 'de';
    try {
      fs.writeFileSync(path.join(dir, 'neu.json'), '{}');
      assert.deepStrictEqual(createBaseTextReader()(path.join(dir, 'neu.json')), { text: '', missing: true });
    } finally {
      for (const [k, v] of Object.entries(saved)) if (v === undefined) delete process.env[k]; else process.env[k] = v;
    }
  });

  it('reads a symbolic link as the file it points at', function () {
    const link = path.join(dir, 'link.json');
    try {
      fs.symlinkSync(path.join(dir, 'sub', 'opencode.json'), link);
    } catch {
      this.skip();
    }
    assert.deepStrictEqual(createBaseTextReader()(link), { text: '{"permission": {"edit": "deny"}}' });
  });

  it('reads again when HEAD moves, and nothing outside a repository', () => {
    const read = createBaseTextReader();
    const file = path.join(dir, 'sub', 'opencode.json');
    assert.deepStrictEqual(read(file), { text: '{"permission": {"edit": "deny"}}' });
    fs.writeFileSync(file, '{"permission": {"edit": "allow"}}');
    git(dir, 'commit', '-qam', 'allow');
    assert.deepStrictEqual(read(file), { text: '{"permission": {"edit": "allow"}}' });
    const outside = fs.mkdtempSync(path.join(os.tmpdir(), 'rulelens-nogit-'));
    try {
      fs.writeFileSync(path.join(outside, 'opencode.json'), '{}');
      assert.strictEqual(read(path.join(outside, 'opencode.json')), undefined);
    } finally {
      fs.rmSync(outside, { recursive: true, force: true });
    }
  });

  it('keeps base texts within a budget of characters, least recently read dropped first', () => {
    const big = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'rulelens-base-budget-')));
    try {
      const texts: Record<string, string> = {};
      for (const name of ['a', 'b', 'c', 'huge']) {
        texts[name] = JSON.stringify({ permission: { edit: name === 'huge' ? 'x'.repeat(3000) : `${name}`.repeat(400) } });
        fs.writeFileSync(path.join(big, `${name}.json`), texts[name]);
      }
      git(big, 'init', '-q');
      git(big, 'add', '.');
      git(big, 'commit', '-qm', 'base');
      // Room for two of the three small texts (about 430 characters each), and never for the huge one.
      const read = createBaseTextReader({ entries: 64, chars: 1000 });
      const at = (name: string) => path.join(big, `${name}.json`);
      for (const name of ['a', 'b', 'a', 'c', 'huge']) assert.deepStrictEqual(read(at(name)), { text: texts[name] });
      // With the objects gone, only what was kept can still be answered: the texts read last (c, and
      // a, read again after b), not b (dropped for c) nor the huge one (never kept).
      const objects = path.join(big, '.git', 'objects');
      for (const d of fs.readdirSync(objects)) if (/^[0-9a-f]{2}$/.test(d)) fs.rmSync(path.join(objects, d), { recursive: true });
      assert.deepStrictEqual(read(at('a')), { text: texts.a });
      assert.deepStrictEqual(read(at('c')), { text: texts.c });
      assert.notDeepStrictEqual(read(at('b')), { text: texts.b });
      assert.notDeepStrictEqual(read(at('huge')), { text: texts.huge });
    } finally {
      fs.rmSync(big, { recursive: true, force: true });
    }
  });
});
