import * as assert from 'assert';
import { spawnSync } from 'child_process';
import * as fc from 'fast-check';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { deflateSync } from 'zlib';
import { createBaseTextReader } from '../../../server/base-text';
import { fileAtCommit } from '../../../server/git/file-at-commit';
import { applyDelta, ObjectStore } from '../../../server/git/object-store';
import { plainlyReadable, repositoryOf } from '../../../server/git/repository';

function git(dir: string, ...args: string[]): string {
  const r = spawnSync('git', ['-c', 'user.email=t@example.com', '-c', 'user.name=t', '-c', 'commit.gpgsign=false', '-c', 'gc.auto=0', ...args], { cwd: dir, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
  return r.stdout;
}

function gitShow(dir: string, commit: string, rel: string): Buffer {
  const r = spawnSync('git', ['show', `${commit}:${rel}`], { cwd: dir, maxBuffer: 1 << 26 });
  if (r.status !== 0) throw new Error(`git show ${rel}: ${r.stderr}`);
  return r.stdout;
}

const tmpRepo = (args: string[] = []) => {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'rulelens-objects-')));
  git(dir, 'init', '-q', ...args);
  return dir;
};

const storeOf = (dir: string) => {
  const head = git(dir, 'rev-parse', 'HEAD').trim();
  return { head, store: new ObjectStore(path.join(dir, '.git', 'objects'), head.length === 64 ? 'sha256' : 'sha1') };
};

/** Every file of HEAD, read from the store, is byte for byte what `git show` prints; returns how many. */
function agreesWithGit(dir: string, commit = git(dir, 'rev-parse', 'HEAD').trim()): number {
  const { store } = storeOf(dir);
  const files = git(dir, 'ls-tree', '-r', '--name-only', '-z', commit).split('\0').filter(Boolean);
  for (const f of files) {
    const got = fileAtCommit(store, commit, f, 1 << 26);
    assert.ok(got && got.kind === 'file', `${f}: read as ${got?.kind}`);
    assert.ok(got.data.equals(gitShow(dir, commit, f)), `${f}: content differs from git show`);
  }
  return files.length;
}

/** A JSON rule file of `n` rules with rule `flip` changed: versions of it delta well against each other. */
function rules(n: number, flip: number): string {
  const lines = [];
  for (let i = 0; i < n; i++) lines.push(`    { "action": "edit", "resource": "area${i}/*", "effect": "${i === flip ? 'deny' : 'allow'}" }`);
  return `{\n  "permissions": [\n${lines.join(',\n')}\n  ]\n}\n`;
}

/**
 * The server reads rule files at HEAD from the object store itself (no `git show` per file): what
 * it reads must be exactly what git prints, for loose objects and packs, deltas by offset and by
 * id, both hash formats; and whatever it cannot read must come out undefined, never as other bytes.
 */
describe('server: git objects read in-process', function () {
  this.timeout(120_000);
  const made: string[] = [];
  const repo = (args?: string[]) => {
    const d = tmpRepo(args);
    made.push(d);
    return d;
  };
  after(() => {
    for (const d of made) fs.rmSync(d, { recursive: true, force: true });
  });

  /** A history of a few commits: nested folders, an executable, a link, an empty file, a non-ASCII name, binary bytes. */
  function history(dir: string): string[] {
    const commits: string[] = [];
    fs.mkdirSync(path.join(dir, 'config', 'deep'), { recursive: true });
    for (let v = 0; v < 6; v++) {
      fs.writeFileSync(path.join(dir, 'opencode.json'), rules(400, v * 37));
      fs.writeFileSync(path.join(dir, 'config', 'deep', 'settings.json'), rules(50 + v, v));
      fs.writeFileSync(path.join(dir, 'run.sh'), `#!/bin/sh\necho ${v}\n`);
      fs.chmodSync(path.join(dir, 'run.sh'), 0o755);
      fs.writeFileSync(path.join(dir, 'empty.json'), '');
      fs.writeFileSync(path.join(dir, 'réglages.json'), `{"v": ${v}}`);
      fs.writeFileSync(path.join(dir, 'bytes.bin'), Buffer.from([0, 255, 10, 13, v, 0x80, 0xc3]));
      if (v === 0) fs.symlinkSync('opencode.json', path.join(dir, 'link.json'));
      git(dir, 'add', '-A');
      git(dir, 'commit', '-qm', `v${v}`);
      commits.push(git(dir, 'rev-parse', 'HEAD').trim());
    }
    return commits;
  }

  it('reads loose objects as git prints them, at every commit', () => {
    const dir = repo();
    const commits = history(dir);
    assert.ok(fs.readdirSync(path.join(dir, '.git', 'objects', 'pack')).length === 0, 'the objects are loose');
    for (const c of commits) assert.strictEqual(agreesWithGit(dir, c), 7);
  });

  it('reads packed objects, their deltas by offset applied, at every commit', () => {
    const dir = repo();
    const commits = history(dir);
    git(dir, 'repack', '-a', '-d', '-f', '--depth=50', '--window=50');
    git(dir, 'prune-packed');
    const deltas = git(dir, 'verify-pack', '-v', ...fs.readdirSync(path.join(dir, '.git', 'objects', 'pack')).filter((f) => f.endsWith('.idx')).map((f) => path.join('.git', 'objects', 'pack', f)));
    assert.match(deltas, /chain length = [2-9]/, 'the pack holds delta chains');
    for (const c of commits) assert.strictEqual(agreesWithGit(dir, c), 7);
    const { head, store } = storeOf(dir);
    assert.deepStrictEqual(fileAtCommit(store, head, 'opencode.json', 100), { kind: 'too-big' }, 'a packed object larger than asked');
  });

  it('reads deltas whose base is named by id', () => {
    const dir = repo();
    const commits = history(dir);
    git(dir, '-c', 'repack.useDeltaBaseOffset=false', 'repack', '-a', '-d', '-f', '--depth=50', '--window=50');
    git(dir, 'prune-packed');
    for (const c of commits) assert.strictEqual(agreesWithGit(dir, c), 7);
  });

  it('reads objects spread over several packs and loose files', () => {
    const dir = repo();
    const commits = history(dir).slice(0, 3);
    git(dir, 'repack', '-d');
    fs.writeFileSync(path.join(dir, 'opencode.json'), rules(400, 399));
    git(dir, 'commit', '-qam', 'more');
    git(dir, 'repack', '-d');
    fs.writeFileSync(path.join(dir, 'opencode.json'), rules(400, 1));
    git(dir, 'commit', '-qam', 'loose');
    assert.ok(fs.readdirSync(path.join(dir, '.git', 'objects', 'pack')).filter((f) => f.endsWith('.pack')).length >= 2);
    for (const c of [...commits, git(dir, 'rev-parse', 'HEAD').trim()]) assert.strictEqual(agreesWithGit(dir, c), 7);
  });

  it('reads a repository of SHA-256 ids', function () {
    const dir = repo(['--object-format=sha256']);
    history(dir);
    git(dir, 'repack', '-a', '-d', '-f');
    assert.strictEqual(git(dir, 'rev-parse', 'HEAD').trim().length, 64);
    assert.strictEqual(agreesWithGit(dir), 7);
  });

  it('tells a path the commit lacks, and one that is a folder or larger than asked, apart from a file', () => {
    const dir = repo();
    history(dir);
    const { head, store } = storeOf(dir);
    assert.deepStrictEqual(fileAtCommit(store, head, 'nothing.json', 1 << 20), { kind: 'absent' });
    assert.deepStrictEqual(fileAtCommit(store, head, 'config/nothing/x.json', 1 << 20), { kind: 'absent' });
    assert.deepStrictEqual(fileAtCommit(store, head, 'opencode.json/x', 1 << 20), { kind: 'absent' });
    assert.strictEqual(fileAtCommit(store, head, 'config', 1 << 20), undefined, 'a folder is for git to print');
    assert.deepStrictEqual(fileAtCommit(store, head, 'opencode.json', 100), { kind: 'too-big' });
    assert.strictEqual(fileAtCommit(store, head, '../opencode.json', 1 << 20), undefined);
    const link = fileAtCommit(store, head, 'link.json', 1 << 20);
    assert.ok(link?.kind === 'file' && link.data.toString() === 'opencode.json', 'a link reads as its target, as git shows it');
  });

  it('never returns other bytes than the object: a rewritten or damaged object reads as undefined', () => {
    const dir = repo();
    history(dir);
    const { head, store } = storeOf(dir);
    const id = git(dir, 'rev-parse', 'HEAD:opencode.json').trim();
    const file = path.join(dir, '.git', 'objects', id.slice(0, 2), id.slice(2));
    fs.chmodSync(file, 0o644);
    // A well-formed object of other content under this id: its hash does not match.
    fs.writeFileSync(file, deflateSync(Buffer.from('blob 2\0{}')));
    assert.strictEqual(store.read(id, 1 << 20), undefined);
    assert.strictEqual(fileAtCommit(store, head, 'opencode.json', 1 << 20), undefined);
    fs.writeFileSync(file, Buffer.from('not zlib at all'));
    assert.strictEqual(store.read(id, 1 << 20), undefined);
  });

  it('a damaged pack reads as undefined, never as other bytes', () => {
    const dir = repo();
    history(dir);
    git(dir, 'repack', '-a', '-d', '-f');
    git(dir, 'prune-packed');
    const { head } = storeOf(dir);
    const pack = fs.readdirSync(path.join(dir, '.git', 'objects', 'pack')).find((f) => f.endsWith('.pack'))!;
    const packPath = path.join(dir, '.git', 'objects', 'pack', pack);
    fs.chmodSync(packPath, 0o644);
    const bytes = fs.readFileSync(packPath);
    const files = ['opencode.json', 'config/deep/settings.json', 'run.sh', 'réglages.json'];
    // Damage each of many places in turn: whatever is read still has exactly git's bytes.
    for (let at = 12; at < bytes.length - 20; at += Math.max(1, Math.floor(bytes.length / 60))) {
      const damaged = Buffer.from(bytes);
      damaged[at] ^= 0x5a;
      fs.writeFileSync(packPath, damaged);
      const store = new ObjectStore(path.join(dir, '.git', 'objects'), 'sha1');
      for (const f of files) {
        const got = fileAtCommit(store, head, f, 1 << 26);
        if (got?.kind === 'file') {
          fs.writeFileSync(packPath, bytes);
          assert.ok(got.data.equals(gitShow(dir, head, f)), `byte ${at} damaged: ${f} read as other bytes`);
          fs.writeFileSync(packPath, damaged);
        }
      }
    }
    fs.writeFileSync(packPath, bytes);
  });

  it('applies deltas exactly and refuses those that do not fit their base', () => {
    const base = Buffer.from('0123456789abcdef');
    // Base size 16, result size 7: copy 4 bytes from offset 2, insert "xyz".
    assert.strictEqual(applyDelta(base, Buffer.from([16, 7, 0x91, 2, 4, 3, 0x78, 0x79, 0x7a]))?.toString(), '2345xyz');
    assert.strictEqual(applyDelta(base, Buffer.from([15, 7, 0x91, 2, 4, 3, 0x78, 0x79, 0x7a])), undefined, 'wrong base size');
    assert.strictEqual(applyDelta(base, Buffer.from([16, 7, 0x91, 14, 4, 3, 0x78, 0x79, 0x7a])), undefined, 'a copy past the base');
    assert.strictEqual(applyDelta(base, Buffer.from([16, 8, 0x91, 2, 4, 3, 0x78, 0x79, 0x7a])), undefined, 'a result of another size');
    assert.strictEqual(applyDelta(base, Buffer.from([16, 1, 0])), undefined, 'the reserved op');
    assert.strictEqual(applyDelta(base, Buffer.from([16, 3, 5, 0x61])), undefined, 'an insert past the delta');
  });

  it('tells a store it cannot read right: other formats, borrowed or replaced objects, a moved work tree', () => {
    const dir = repo();
    history(dir);
    const at = repositoryOf(path.join(dir, 'config', 'deep'))!;
    assert.strictEqual(at.top, dir);
    assert.ok(plainlyReadable(at));
    fs.writeFileSync(path.join(dir, '.git', 'objects', 'info', 'alternates'), '/elsewhere/objects\n');
    assert.ok(!plainlyReadable(at), 'objects borrowed from another store');
    fs.rmSync(path.join(dir, '.git', 'objects', 'info', 'alternates'));
    git(dir, 'replace', git(dir, 'rev-parse', 'HEAD').trim(), git(dir, 'rev-parse', 'HEAD~1').trim());
    assert.ok(!plainlyReadable(at), 'replaced objects');
    git(dir, 'replace', '-d', git(dir, 'rev-parse', 'HEAD').trim());
    fs.rmSync(path.join(dir, '.git', 'refs', 'replace'), { recursive: true, force: true });
    assert.ok(plainlyReadable(at));
    process.env.GIT_DIR = path.join(dir, '.git');
    try {
      assert.ok(!plainlyReadable(at), 'git pointed elsewhere by the environment');
    } finally {
      delete process.env.GIT_DIR;
    }
  });

  it('the base reader needs no git for a committed file, in a repository or a linked worktree', () => {
    const dir = repo();
    history(dir);
    git(dir, 'repack', '-a', '-d', '-f');
    const wt = path.join(dir, '..', `${path.basename(dir)}-wt`);
    made.push(wt);
    git(dir, 'worktree', 'add', '-q', '--detach', wt, 'HEAD~2');
    fs.writeFileSync(path.join(dir, 'opencode.json'), '{"edited": true}');
    fs.writeFileSync(path.join(dir, 'new.json'), '{}');
    const want = gitShow(dir, 'HEAD', 'opencode.json').toString();
    const wantWt = gitShow(wt, 'HEAD', 'config/deep/settings.json').toString();
    const saved = process.env.PATH;
    // No git to run: what is read comes from the store; what needs git (a new file) comes out as nothing.
    process.env.PATH = path.join(dir, 'no-such-folder');
    try {
      const read = createBaseTextReader();
      assert.deepStrictEqual(read(path.join(dir, 'opencode.json')), { text: want });
      assert.deepStrictEqual(read(path.join(wt, 'config', 'deep', 'settings.json')), { text: wantWt });
      assert.deepStrictEqual(read(path.join(dir, 'link.json')), { text: want }, 'a link is read as the file it points at, as before');
      assert.strictEqual(read(path.join(dir, 'new.json')), undefined);
    } finally {
      process.env.PATH = saved;
    }
    assert.deepStrictEqual(createBaseTextReader()(path.join(dir, 'new.json')), { text: '', missing: true }, 'with git, a new file is new');
  });

  it('agrees with git on random histories, packed or not', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ file: fc.constantFrom('a.json', 'd/b.json', 'd/e/c.json'), flip: fc.nat(299), size: fc.integer({ min: 1, max: 300 }) }), { minLength: 1, maxLength: 6 }),
        fc.constantFrom('loose', 'offsets', 'ids'),
        (edits, packing) => {
          const dir = repo();
          fs.mkdirSync(path.join(dir, 'd', 'e'), { recursive: true });
          for (const e of edits) {
            fs.writeFileSync(path.join(dir, e.file), rules(e.size, e.flip));
            git(dir, 'add', '-A');
            git(dir, 'commit', '-qm', 'edit', '--allow-empty');
          }
          if (packing !== 'loose') git(dir, '-c', `repack.useDeltaBaseOffset=${packing === 'offsets'}`, 'repack', '-a', '-d', '-f', '--depth=20', '--window=20');
          for (const c of git(dir, 'rev-list', 'HEAD').split('\n').filter(Boolean)) agreesWithGit(dir, c);
          fs.rmSync(dir, { recursive: true, force: true });
        },
      ),
      { numRuns: 12 },
    );
  });
});
