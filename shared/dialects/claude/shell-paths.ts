import { posix } from 'path';
import type { PathFs } from '../../model';
import type { PathAccess } from './path-commands';
import { inside, resolveSpellings } from './safe-path';

/** Where a command's paths are judged from. */
export interface ShellPlace {
  cwd: string;
  workDirs: readonly string[];
  home?: string;
  /** The file system the command would run on; without it no path can be proven free of symlinks. */
  fs?: PathFs;
}

/** One path a command names (an operand, a redirect target), as the agent checks it. */
export interface NamedPath {
  /** The value (quotes removed), as the trace shows it. */
  value: string;
  access: PathAccess;
  /**
   * The absolute paths rules are checked against: normalized, each symlink hop and the final
   * target. A deny on any of them applies; an allow must cover every one. Empty: nothing checkable.
   */
  spellings: string[];
  /** Where the agent resolves it to (for the trace). */
  resolved: string;
  /** It lies inside the working folders, through every link. */
  inside: boolean;
  /** Why the agent cannot check this path at all: it asks (a deny on `spellings` still applies). */
  unchecked?: string;
}

/** Characters that make a word a glob for the shell. */
const GLOB = /[*?[]/;

/**
 * How the agent reads one path a command names: `~` and `~/` expanded (other `~` forms, `$`,
 * backticks and a leading `=` are never checked); a `..` after a folder name is followed only when
 * the folders before it hold no symlink, and even then only a deny applies (it asks); a write to a
 * glob or brace pattern is never checked; a read of a glob is checked by its folder; every other
 * path is resolved through the symlinks that exist (a dangling link included) and must land inside
 * the working folders. Without a file system nothing is proven inside (fail closed).
 * Transcribed from `@anthropic-ai/claude-code` 2.1.332, bash path validation (the per-path check
 * behind "was blocked. For security, Claude Code may only …" and "Path contains '..' traversal").
 * @example namedPath('lnk/x', 'read', { cwd: '/p', workDirs: ['/p'], fs }).inside // false when /p/lnk → /elsewhere
 */
export function namedPath(value: string, access: PathAccess, place: ShellPlace): NamedPath {
  const base = { value, access, spellings: [] as string[], resolved: value, inside: false };
  let p = value;
  if (p === '~' || p.startsWith('~/')) {
    if (place.home === undefined) return { ...base, unchecked: `"${value}" starts with ~ and the home folder is not known` };
    p = place.home + p.slice(1);
  }
  if (p.startsWith('~')) return { ...base, unchecked: `"${value}" uses a ~ form the agent never checks (~user, ~+, ~-)` };
  if (/[$`]/.test(p) || p.startsWith('=')) return { ...base, unchecked: `"${value}" holds shell expansion syntax the agent never checks` };
  if (traversesAfterFolder(p)) return traversal(value, access, p, place);
  if (access !== 'read' && /[{}]/.test(p)) return { ...base, unchecked: `"${value}" is a brace pattern in a write target: bash may expand it anywhere` };
  if (GLOB.test(p)) {
    if (access !== 'read') return { ...base, unchecked: `"${value}" is a glob in a write target: the agent never checks one` };
    // A glob is read through its folder: the part before the first glob character, up to its last `/`.
    const head = p.slice(0, p.search(GLOB));
    const cut = head.lastIndexOf('/');
    p = cut < 0 ? '.' : head.slice(0, cut) || '/';
  }
  return located(value, access, posix.resolve(place.cwd, p), place);
}

/** A path resolved through the file system and placed inside or outside the working folders. */
function located(value: string, access: PathAccess, abs: string, place: ShellPlace): NamedPath {
  if (!place.fs) return { value, access, spellings: [abs], resolved: abs, inside: false, unchecked: `no file system was given to check "${value}" for symlinks out of the working folders` };
  const r = resolveSpellings(place.fs, abs);
  if (r.unresolved) return { value, access, spellings: r.spellings, resolved: abs, inside: false, unchecked: `"${value}" is a symlink loop` };
  return { value, access, spellings: r.spellings, resolved: r.final, inside: insideWork(r.final, place) };
}

/** The working folders, also as their real paths (a root reached through a symlink). */
function insideWork(abs: string, place: ShellPlace): boolean {
  const dirs = place.fs ? place.workDirs.flatMap((d) => [d, place.fs!.realpath(d) ?? d]) : [...place.workDirs];
  return inside(abs, dirs);
}

/** A `..` that follows a folder name (`docs/../x`, `lnk/..`): bash resolves it after any link. */
function traversesAfterFolder(p: string): boolean {
  let named = false;
  for (const part of p.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (named) return true;
    } else named = true;
  }
  return false;
}

/**
 * `docs/../x`: when no folder before a `..` is a symlink the path is checked as resolved for a
 * deny; the agent still asks (the shell may see another folder). With a link there, nothing is checked.
 */
function traversal(value: string, access: PathAccess, p: string, place: ShellPlace): NamedPath {
  const why = `"${value}" has a '..' after a folder name: the agent asks, since a symlink could lead elsewhere`;
  const abs = posix.resolve(place.cwd, p);
  const parts = (p.startsWith('/') ? p : `${place.cwd}/${p}`).split('/');
  if (place.fs) {
    let cur = '/';
    for (const part of parts) {
      if (part === '' || part === '.') continue;
      if (part === '..') {
        if (place.fs.realpath(cur) !== cur && place.fs.realpath(cur) !== undefined) return { value, access, spellings: [], resolved: abs, inside: false, unchecked: why };
        cur = posix.dirname(cur);
      } else cur = posix.join(cur, part);
    }
  }
  return { value, access, spellings: [abs], resolved: abs, inside: false, unchecked: why };
}
