import type * as ChildProcess from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { MAX_BASE_BYTES } from './base';

/** Loaded on first use, as in `base.ts`: only a diff against a revision starts git. */
const childProcess = (): typeof ChildProcess => require('child_process');

/** One entry of a folder listing, as a policy host lists it (see `PolicyHost.list`). */
export interface TreeEntry {
  name: string;
  kind: 'file' | 'dir' | 'link';
}

/** How the files are read as they are now (the host's own reads). */
export interface NowFiles {
  readFile(p: string): string | undefined;
  list?(dir: string): TreeEntry[] | undefined;
}

/** The files of a repository at a base revision, read as a policy host reads files. */
export interface BaseTree {
  readFile(p: string): string | undefined;
  exists(p: string): boolean;
  list(dir: string): TreeEntry[] | undefined;
}

/** Entries of one folder listed at the base: more are left out, as a listing of the file system leaves them. */
const MAX_TREE_ENTRIES = 10_000;

/**
 * The repository holding `filePath` as it was at revision `base`, for reading the other files of
 * a policy at the base: a file git knew at the base reads as it was then; a file git ignores (a
 * `settings.local.json` in `.gitignore`) reads as it is now — it never has a base, so it is the
 * same in both versions; any other file is absent (it was added since, committed or not).
 * Paths outside the repository (the user's settings) read as they are now. Undefined when the file
 * is not in a git repository or `base` names no commit.
 * @example baseTree('/repo/.codex/rules/default.rules', 'HEAD', now)?.readFile('/repo/.codex/rules/extra.rules')
 */
export function baseTree(filePath: string, base: string, now: NowFiles): BaseTree | undefined {
  const git = (args: string[], cwd: string) => childProcess().spawnSync('git', args, { cwd, encoding: 'utf8', maxBuffer: MAX_BASE_BYTES });
  const start = nearestFolder(path.dirname(path.resolve(filePath)));
  if (!start) return undefined;
  const top = git(['rev-parse', '--show-toplevel'], start);
  if (top.status !== 0) return undefined;
  const root = fs.realpathSync(top.stdout.trim());
  const rev = git(['rev-parse', '--verify', '--quiet', `${base}^{commit}`], root);
  if (rev.status !== 0) return undefined;
  const commit = rev.stdout.trim();

  /** The path relative to the repository root, or undefined outside it. */
  const inside = (p: string): string | undefined => {
    const abs = path.resolve(p);
    const dir = nearestFolder(abs);
    if (!dir) return undefined;
    const real = path.join(fs.realpathSync(dir), path.relative(dir, abs));
    const rel = path.relative(root, real);
    if (rel.startsWith('..') || path.isAbsolute(rel)) return undefined;
    return rel.replace(/\\/g, '/');
  };
  const baseEntries = new Map<string, Map<string, TreeEntry>>();
  const ignoredNow = new Map<string, Set<string>>();
  /** What a folder held at the base, by name. */
  const atBase = (rel: string): Map<string, TreeEntry> => {
    let hit = baseEntries.get(rel);
    if (hit) return hit;
    hit = new Map();
    const r = git(['ls-tree', '-z', commit, '--', rel === '' ? '.' : `${rel}/`], root);
    if (r.status === 0) {
      for (const line of r.stdout.split('\0')) {
        if (!line || hit.size >= MAX_TREE_ENTRIES) continue;
        const tab = line.indexOf('\t');
        const [mode, type] = line.slice(0, tab).split(' ');
        const name = path.posix.basename(line.slice(tab + 1));
        const kind = mode === '120000' ? 'link' : type === 'tree' ? 'dir' : type === 'blob' ? 'file' : undefined;
        if (kind) hit.set(name, { name, kind });
      }
    }
    baseEntries.set(rel, hit);
    return hit;
  };
  /** Names directly in a folder that git ignores (a folder counts when git ignores all of it). */
  const ignored = (rel: string): Set<string> => {
    let hit = ignoredNow.get(rel);
    if (hit) return hit;
    hit = new Set();
    const r = git(['ls-files', '-z', '--others', '--ignored', '--exclude-standard', '--directory', '--', rel === '' ? '.' : `${rel}/`], root);
    if (r.status === 0) for (const f of r.stdout.split('\0')) if (f) hit.add((rel === '' ? f : f.slice(rel.length + 1)).split('/')[0]);
    ignoredNow.set(rel, hit);
    return hit;
  };
  const split = (rel: string) => ({ dir: path.posix.dirname(rel) === '.' ? '' : path.posix.dirname(rel), name: path.posix.basename(rel) });

  const readFile = (p: string): string | undefined => {
    const rel = inside(p);
    if (rel === undefined) return now.readFile(p);
    const { dir, name } = split(rel);
    if (atBase(dir).get(name)?.kind === 'file') {
      const show = git(['show', `${commit}:${rel}`], root);
      return show.status === 0 ? show.stdout : undefined;
    }
    // Ignored: it never has a base, so it is as it is now. Otherwise it was added since.
    return ignored(dir).has(name) ? now.readFile(p) : undefined;
  };
  const list = (dirPath: string): TreeEntry[] | undefined => {
    const rel = inside(dirPath);
    const current = now.list?.(dirPath);
    if (rel === undefined) return current;
    const entries = new Map(atBase(rel));
    // What git ignores has no base: it is listed as it is now.
    const loose = ignored(rel);
    for (const e of current ?? []) if (loose.has(e.name) && !entries.has(e.name)) entries.set(e.name, e);
    if (entries.size === 0 && current === undefined) return undefined;
    return [...entries.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  };
  return { readFile, exists: (p) => readFile(p) !== undefined, list };
}

/** The path itself or its nearest ancestor that exists as a folder; undefined if none does. */
function nearestFolder(p: string): string | undefined {
  for (let d = p; ; d = path.dirname(d)) {
    try {
      if (fs.statSync(d).isDirectory()) return d;
    } catch {
      // Not there: try the folder above.
    }
    if (path.dirname(d) === d) return undefined;
  }
}
