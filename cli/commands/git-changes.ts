import type * as ChildProcess from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { UsageError } from '../io';

/** Loaded on first use, as shared/diff/base.ts does: node's child_process (and the net and stream
 * modules under it) cost a plain check about 4 ms to load, and only a run against git needs it. */
const childProcess = (): typeof ChildProcess => require('child_process');

/** Largest `git diff --name-only` listing read: a change of a million files is refused, not buffered. */
const MAX_LISTING_BYTES = 64 * 1024 * 1024;

/** What changed in a repository since the point a pull request or a commit is compared with. */
export interface GitChanges {
  /** The repository's top folder (real path). */
  root: string;
  /** The commit compared with: the merge base of the base and HEAD, or the base itself. */
  commit: string;
  /** Why the merge base could not be used, if it could not (a shallow clone). */
  note?: string;
  /** Changed paths (absolute), tracked files changed since `commit` in the working tree. */
  changed: string[];
  /** Of those, the ones that no longer exist. */
  removed: string[];
}

function git(args: string[], cwd: string): { ok: boolean; out: string; err: string } {
  const r = childProcess().spawnSync('git', args, { cwd, encoding: 'utf8', maxBuffer: MAX_LISTING_BYTES });
  return { ok: r.status === 0, out: r.stdout ?? '', err: (r.stderr ?? '').trim() || (r.error?.message ?? '') };
}

/**
 * The files changed between the merge base of `base` and HEAD and the working tree (what a pull
 * request changes, or what a commit about to be made changes when `base` is HEAD). Renames count
 * as a removal and an addition, so a moved rule file is compared from nothing.
 * @example gitChanges('origin/main', process.cwd()).changed // ['/repo/.claude/settings.json']
 */
export function gitChanges(base: string, cwd: string): GitChanges {
  const top = git(['rev-parse', '--show-toplevel'], cwd);
  if (!top.ok) throw new UsageError(`--base ${base}: ${cwd} is not in a git repository`);
  const root = fs.realpathSync(top.out.trim());
  const rev = git(['rev-parse', '--verify', '--quiet', `${base}^{commit}`], root);
  if (!rev.ok) throw new UsageError(`--base ${base}: no such git revision (in a shallow clone, fetch it first: fetch-depth: 0)`);
  const baseCommit = rev.out.trim();
  const mb = git(['merge-base', baseCommit, 'HEAD'], root);
  const commit = mb.ok ? mb.out.trim() : baseCommit;
  const note = mb.ok ? undefined : `no merge base of ${base} and HEAD in this clone (a shallow checkout): compared with ${base} itself — right for a pull request's merge commit; elsewhere changes made on ${base} since the branch began count too (check out with fetch-depth: 0)`;
  const diff = git(['diff', '--name-only', '--no-renames', '-z', commit, '--'], root);
  if (!diff.ok) throw new UsageError(`git diff against ${base} failed: ${diff.err}`);
  const changed = diff.out.split('\0').filter(Boolean).map((p) => path.join(root, p));
  return { root, commit, ...(note ? { note } : {}), changed, removed: changed.filter((p) => !fs.existsSync(p)) };
}

/** The repository's top folder, or undefined outside one. */
export function gitRoot(cwd: string): string | undefined {
  const top = git(['rev-parse', '--show-toplevel'], cwd);
  return top.ok ? fs.realpathSync(top.out.trim()) : undefined;
}
