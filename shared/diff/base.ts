import type * as ChildProcess from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { readBounded } from '../host/read-file';

/** Loaded on first use: most runs never start git, and loading the module is a tenth of a small run. */
const childProcess = (): typeof ChildProcess => require('child_process');

/** Largest base file read from git: larger blobs are refused rather than buffered. */
export const MAX_BASE_BYTES = 64 * 1024 * 1024;

/**
 * The text of a rule file at a base: an existing FILE as given, otherwise `git show REV:path`.
 * Returns an error message instead of throwing; a file absent at the base reads as empty text
 * (a new rule file: everything it decides is new). `git` says the base is a revision, whose other
 * files a policy's base is read from (`baseTree`).
 * @example readBase('/repo/opencode.json', 'HEAD') // { text: '…' }
 */
export function readBase(filePath: string, base: string): { text: string; label: string; missing?: boolean; git?: boolean } | { error: string } {
  if (fs.existsSync(base) && fs.statSync(base).isFile()) {
    // The same bound as a blob from git: a huge or growing FILE is refused, never buffered whole.
    const read = readBounded(base, MAX_BASE_BYTES, { lossy: true });
    return read.ok ? { text: read.text, label: base } : { error: `--base ${base}: ${read.reason}` };
  }
  const dir = path.dirname(path.resolve(filePath));
  const top = childProcess().spawnSync('git', ['rev-parse', '--show-toplevel'], { cwd: dir, encoding: 'utf8' });
  if (top.status !== 0) return { error: `--base ${base}: not a file, and ${dir} is not in a git repository` };
  const root = top.stdout.trim();
  const rel = path.relative(fs.realpathSync(root), fs.realpathSync(path.resolve(filePath))).replace(/\\/g, '/');
  const rev = childProcess().spawnSync('git', ['rev-parse', '--verify', '--quiet', `${base}^{commit}`], { cwd: root, encoding: 'utf8' });
  if (rev.status !== 0) return { error: `--base ${base}: no such file or git revision` };
  const show = childProcess().spawnSync('git', ['show', `${base}:${rel}`], { cwd: root, encoding: 'utf8', maxBuffer: MAX_BASE_BYTES });
  if (show.status !== 0) return { text: '', label: `${base}:${rel}`, missing: true, git: true };
  return { text: show.stdout, label: `${base}:${rel}`, git: true };
}
