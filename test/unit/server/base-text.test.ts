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
});
