import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { MAX_BASE_BYTES } from '../shared/diff/base';

/** Base texts kept at once: a few rule files per workspace, each at the current HEAD. */
const MAX_ENTRIES = 64;

type BaseText = { text: string; missing?: boolean } | undefined;

/** The git directory that holds a path, following a worktree's `.git` file. */
function gitDirOf(start: string): string | undefined {
  for (let dir = start; ; dir = path.dirname(dir)) {
    const dotGit = path.join(dir, '.git');
    try {
      const st = fs.statSync(dotGit);
      if (st.isDirectory()) return dotGit;
      const m = /^gitdir:\s*(.+)$/m.exec(fs.readFileSync(dotGit, 'utf8'));
      if (m) return path.resolve(dir, m[1].trim());
    } catch {
      // no .git here: keep walking up
    }
    if (path.dirname(dir) === dir) return undefined;
  }
}

const read = (p: string) => {
  try {
    return fs.readFileSync(p, 'utf8');
  } catch {
    return undefined;
  }
};

/**
 * The commit HEAD names, read from the git directory's files so a keystroke costs a few small
 * reads instead of a process. Undefined when it cannot be told this way (unborn branch, a ref
 * format these files do not describe): the caller then shows nothing rather than guess.
 */
function headCommit(gitDir: string): string | undefined {
  const head = read(path.join(gitDir, 'HEAD'))?.trim();
  if (!head) return undefined;
  if (/^[0-9a-f]{40,64}$/.test(head)) return head;
  const ref = /^ref:\s*(\S+)$/.exec(head)?.[1];
  if (!ref) return undefined;
  // Linked worktrees keep their own HEAD but share refs with the main repository.
  const common = read(path.join(gitDir, 'commondir'))?.trim();
  const refsDir = common ? path.resolve(gitDir, common) : gitDir;
  const loose = read(path.join(refsDir, ref))?.trim();
  if (loose && /^[0-9a-f]{40,64}$/.test(loose)) return loose;
  const packed = read(path.join(refsDir, 'packed-refs'));
  const line = packed?.split('\n').find((l) => l.endsWith(` ${ref}`));
  return line?.split(' ')[0];
}

/**
 * `ServiceHost.baseText` for the real server: the file at the HEAD commit, cached by path and
 * commit. The commit is read from the git directory's files, so git itself runs only when a rule
 * file is first seen or HEAD moves (a commit, a checkout), never per keystroke, and then once.
 * @example const baseText = createBaseTextReader(); baseText('/repo/opencode.json')?.missing // false
 */
export function createBaseTextReader(): (p: string) => BaseText {
  const cache = new Map<string, BaseText>();
  return (p) => {
    // Untitled and virtual documents have no place in a repository.
    if (!path.isAbsolute(p) || !fs.existsSync(p)) return undefined;
    const gitDir = gitDirOf(path.dirname(p));
    const commit = gitDir && headCommit(gitDir);
    if (!commit) return undefined;
    const key = `${p}\u0000${commit}`;
    if (cache.has(key)) return cache.get(key);
    const value = load(p, commit);
    if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value!);
    cache.set(key, value);
    return value;
  };
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
