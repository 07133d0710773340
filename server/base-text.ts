import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { MAX_BASE_BYTES } from '../shared/diff/base';
import { fileAtCommit } from './git/file-at-commit';
import { ObjectStore } from './git/object-store';
import { headCommit, plainlyReadable, repositoryOf, type Repository } from './git/repository';

/** Base texts kept at once: a few rule files per workspace, each at the current HEAD. */
const MAX_ENTRIES = 64;
/**
 * Characters all kept base texts may hold together. A base may be as large as `MAX_BASE_BYTES`, and
 * 64 of those would be gigabytes; past this the least recently read are dropped and read again
 * from the object store when next asked (about 1 ms for a 400 kB file). A text larger than the
 * whole budget is returned and not kept.
 */
const MAX_CACHED_CHARS = 16 * 1024 * 1024;

/** How much the reader keeps between reads (the defaults above; tests pass smaller ones). */
export interface BaseCacheLimits {
  entries: number;
  chars: number;
}

type BaseText = { text: string; missing?: boolean } | undefined;

/**
 * `ServiceHost.baseText` for the real server: the file at the HEAD commit, cached by path and
 * commit. The commit is read from the git directory's files, and the file from its object store
 * (`git/object-store.ts`), so git itself runs only for what those files cannot tell: a file new
 * since HEAD, a repository set up out of the ordinary. Never per keystroke, and then once.
 * @example const baseText = createBaseTextReader(); baseText('/repo/opencode.json')?.missing // false
 */
export function createBaseTextReader(limits: BaseCacheLimits = { entries: MAX_ENTRIES, chars: MAX_CACHED_CHARS }): (p: string) => BaseText {
  const cache = new Map<string, BaseText>();
  let held = 0;
  const size = (v: BaseText) => v?.text.length ?? 0;
  const keep = (key: string, value: BaseText) => {
    if (size(value) > limits.chars) return;
    // Oldest first: a Map keeps insertion order, and a hit re-inserts its entry.
    for (const [k, v] of cache) {
      if (cache.size < limits.entries && held + size(value) <= limits.chars) break;
      cache.delete(k);
      held -= size(v);
    }
    cache.set(key, value);
    held += size(value);
  };
  const stores = new Map<string, ObjectStore>();
  const storeOf = (repo: Repository, commit: string) => {
    const dir = path.join(repo.commonDir, 'objects');
    let store = stores.get(dir);
    if (!store) stores.set(dir, (store = new ObjectStore(dir, commit.length === 64 ? 'sha256' : 'sha1')));
    return store;
  };
  return (p) => {
    // Untitled and virtual documents have no place in a repository.
    if (!path.isAbsolute(p) || !fs.existsSync(p)) return undefined;
    const repo = repositoryOf(path.dirname(p));
    const commit = repo && headCommit(repo);
    if (!commit) return undefined;
    const key = `${p}\u0000${commit}`;
    if (cache.has(key)) {
      const hit = cache.get(key);
      cache.delete(key);
      cache.set(key, hit);
      return hit;
    }
    const read = readObjects(p, repo, commit, storeOf);
    const value = read === ASK_GIT ? load(p, commit) : read;
    keep(key, value);
    return value;
  };
}

/** `readObjects` cannot tell: `git show` is run instead. */
const ASK_GIT = Symbol('ask git');

/**
 * The file at `commit` read from the repository's object store, as `load` would read it with git:
 * the symbolic links resolved on disk, the path taken from the work tree's top. `ASK_GIT` for
 * whatever the store alone cannot tell, a file new since the commit included (whether git ignores
 * it decides between "new" and nothing to compare with).
 */
function readObjects(p: string, repo: Repository, commit: string, storeOf: (repo: Repository, commit: string) => ObjectStore): BaseText | typeof ASK_GIT {
  let real: string;
  try {
    real = fs.realpathSync(p);
  } catch {
    return ASK_GIT;
  }
  // The link's target may be in another repository: that one's objects, and HEAD, are git's to read.
  // A path that is its own real path (no link on the way) is in the repository already found.
  const own = real === p ? repo : repositoryOf(path.dirname(real));
  if (!own || own.gitDir !== repo.gitDir || !plainlyReadable(own)) return ASK_GIT;
  const rel = path.relative(own.top, real);
  if (!rel || rel.startsWith('..') || path.isAbsolute(rel)) return ASK_GIT;
  const got = fileAtCommit(storeOf(own, commit), commit, rel.split(path.sep).join('/'), MAX_BASE_BYTES);
  if (!got || got.kind === 'absent') return ASK_GIT;
  // As when git's output passes the buffer `load` allows: nothing to compare with.
  if (got.kind === 'too-big') return undefined;
  return { text: got.data.toString('utf8') };
}

/** How git says a path is not in a commit (the file is new since): any other failure leaves nothing to compare with. */
const NOT_IN_COMMIT = /does not exist in|exists on disk, but not in/;

/**
 * The file's text at `commit`, read with one `git show` from the file's own folder (`./name` is
 * taken relative to it): the commit is known, so no other git call is needed to find the
 * repository's top or check the revision. A symbolic link is read as the file it points at.
 */
function load(p: string, commit: string): BaseText {
  let real: string;
  try {
    real = fs.realpathSync(p);
  } catch {
    // Deleted or unreadable between the check and git: nothing to compare with this time.
    return undefined;
  }
  const cwd = path.dirname(real);
  const name = path.basename(real);
  // Messages in the C locale: a new file is told by git's words (gettext ignores LANGUAGE under C).
  const show = spawnSync('git', ['show', `${commit}:./${name}`], { cwd, encoding: 'utf8', maxBuffer: MAX_BASE_BYTES, env: { ...process.env, LC_ALL: 'C' } });
  if (show.error) return undefined;
  if (show.status === 0) return { text: show.stdout };
  if (!NOT_IN_COMMIT.test(show.stderr)) return undefined;
  // An ignored file (a personal settings layer) is not "new": git is never going to know it.
  const ignored = spawnSync('git', ['check-ignore', '-q', name], { cwd });
  return ignored.status === 0 ? undefined : { text: '', missing: true };
}
