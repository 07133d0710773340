import * as fs from 'fs';
import * as path from 'path';

/** Where a repository's parts are, as found from a folder inside its work tree. */
export interface Repository {
  /** The folder the `.git` entry sits in: the top of the work tree (unless `core.worktree` moves it). */
  top: string;
  /** The git directory: `.git` itself, or where a worktree's or submodule's `.git` file points. */
  gitDir: string;
  /** Where refs, objects and config are shared from (a linked worktree's main git directory). */
  commonDir: string;
}

const read = (p: string): string | undefined => {
  try {
    return fs.readFileSync(p, 'utf8');
  } catch {
    return undefined;
  }
};

/**
 * The path a `.git` file's first `gitdir:` line names (trimmed), as a linked worktree or a submodule
 * writes it; undefined when there is none.
 * @example gitdirOf('gitdir: /repo/.git/worktrees/wt\n') // '/repo/.git/worktrees/wt'
 */
export function gitdirOf(text: string): string | undefined {
  // `^gitdir:\s*(.+)$` with `m`, without its backtracking: a value needs some character that ends
  // no line after the colon; it is the first line with text past the colon (blank lines skipped).
  const m = /^gitdir:(?=[\n\r\u2028\u2029]*[^\n\r\u2028\u2029])\s*(\S.*)?$/m.exec(text);
  return m ? (m[1] ?? '').trim() : undefined;
}

// The settings below start a line after any whitespace (`^\s*key` with `m`); they are matched from
// the last line end before the key so that a run of blank lines costs linear time.
/** A `worktree =` line in git config (`core.worktree`): the work tree is elsewhere. */
export const WORKTREE_SETTING = /(?:^|[\n\r\u2028\u2029])[^\S\n\r\u2028\u2029]*worktree\s*=/i;
/** An `objectformat =` line in git config (`extensions.objectFormat`); its value is group 1. */
export const OBJECT_FORMAT_SETTING = /(?:^|[\n\r\u2028\u2029])[^\S\n\r\u2028\u2029]*objectformat\s*=\s*(\S+)/i;

/**
 * The repository whose work tree holds `dir`, found by walking up to a `.git` folder or file.
 * @example repositoryOf('/repo/sub')?.top // '/repo'
 */
export function repositoryOf(dir: string): Repository | undefined {
  for (let at = dir; ; at = path.dirname(at)) {
    const dotGit = path.join(at, '.git');
    let gitDir: string | undefined;
    try {
      const st = fs.statSync(dotGit);
      if (st.isDirectory()) gitDir = dotGit;
      else {
        const named = gitdirOf(fs.readFileSync(dotGit, 'utf8'));
        if (named !== undefined) gitDir = path.resolve(at, named);
      }
    } catch {
      // no .git here: keep walking up
    }
    if (gitDir) {
      const common = read(path.join(gitDir, 'commondir'))?.trim();
      return { top: at, gitDir, commonDir: common ? path.resolve(gitDir, common) : gitDir };
    }
    if (path.dirname(at) === at) return undefined;
  }
}

/**
 * The commit HEAD names, read from the git directory's files so a keystroke costs a few small
 * reads instead of a process. Undefined when it cannot be told this way (unborn branch, a ref
 * format these files do not describe): the caller then shows nothing rather than guess.
 * @example headCommit(repositoryOf('/repo')!) // '3f2a…'
 */
export function headCommit(repo: Repository): string | undefined {
  const head = read(path.join(repo.gitDir, 'HEAD'))?.trim();
  if (!head) return undefined;
  if (/^[0-9a-f]{40,64}$/.test(head)) return head;
  const ref = /^ref:\s*(\S+)$/.exec(head)?.[1];
  if (!ref) return undefined;
  // Linked worktrees keep their own HEAD but share refs with the main repository.
  const loose = read(path.join(repo.commonDir, ref))?.trim();
  if (loose && /^[0-9a-f]{40,64}$/.test(loose)) return loose;
  const packed = read(path.join(repo.commonDir, 'packed-refs'));
  const line = packed?.split('\n').find((l) => l.endsWith(` ${ref}`));
  return line?.split(' ')[0];
}

/** Environment variables that point git elsewhere than the folders it would find on its own. */
const REDIRECTING_ENV = ['GIT_DIR', 'GIT_WORK_TREE', 'GIT_COMMON_DIR', 'GIT_OBJECT_DIRECTORY', 'GIT_ALTERNATE_OBJECT_DIRECTORIES', 'GIT_NAMESPACE', 'GIT_REPLACE_REF_BASE'];

/**
 * Whether the repository's files alone tell what `git show` would print for a path in it: not when
 * the environment or the config points git elsewhere, objects are borrowed from another store or
 * replaced by others, or the object format is one this reader does not know. Then git is asked.
 * @example plainlyReadable(repositoryOf('/repo')!) // true for a repository as `git init` makes it
 */
export function plainlyReadable(repo: Repository): boolean {
  if (REDIRECTING_ENV.some((k) => process.env[k] !== undefined)) return false;
  const config = (read(path.join(repo.commonDir, 'config')) ?? '') + (read(path.join(repo.gitDir, 'config.worktree')) ?? '');
  // A moved work tree, or an object format other than the two git writes.
  if (WORKTREE_SETTING.test(config)) return false;
  const format = OBJECT_FORMAT_SETTING.exec(config)?.[1]?.toLowerCase();
  if (format !== undefined && format !== 'sha1' && format !== 'sha256') return false;
  if (fs.existsSync(path.join(repo.commonDir, 'objects', 'info', 'alternates'))) return false;
  if (fs.existsSync(path.join(repo.commonDir, 'refs', 'replace'))) return false;
  if (/ refs\/replace\//.test(read(path.join(repo.commonDir, 'packed-refs')) ?? '')) return false;
  return true;
}
