import * as fs from 'fs';
import type { PathFs } from '../model';
import { MAX_TEXT_FILE_BYTES, readBounded } from './read-file';

/**
 * The real file system's view for safe path evaluation (symlinks resolved by the OS).
 * @example nodePathFs.realpath('/tmp') // '/tmp' (or its resolved target)
 */
export const nodePathFs: PathFs = {
  realpath(absPath: string): string | undefined {
    try {
      return fs.realpathSync.native(absPath);
    } catch {
      return undefined;
    }
  },
  readlink(absPath: string): string | undefined {
    try {
      return fs.readlinkSync(absPath);
    } catch {
      return undefined;
    }
  },
};

/**
 * Reads a text file, or undefined when it is missing, unreadable, not a regular file or larger than
 * MAX_TEXT_FILE_BYTES: a FIFO or a device never blocks or floods the caller. Rule files are read with
 * `readBounded`, which also says why.
 * @example readText('package.json')?.startsWith('{')
 */
export function readText(p: string): string | undefined {
  const r = readBounded(p, MAX_TEXT_FILE_BYTES, { lossy: true });
  return r.ok ? r.text : undefined;
}

export function fileExists(p: string): boolean {
  try {
    return fs.statSync(p).isFile();
  } catch {
    return false;
  }
}

/** Entries listed per folder at most: a policy folder with millions of files still ends. */
export const MAX_LISTED_ENTRIES = 10_000;

/**
 * What a folder holds directly, sorted by name: files, folders, and symbolic links (never
 * followed); undefined when it cannot be listed.
 * @example listEntries('.')?.find((e) => e.name === 'package.json')?.kind // 'file'
 */
export function listEntries(dir: string): Array<{ name: string; kind: 'file' | 'dir' | 'link' }> | undefined {
  try {
    const out: Array<{ name: string; kind: 'file' | 'dir' | 'link' }> = [];
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      if (out.length >= MAX_LISTED_ENTRIES) break;
      const kind = e.isSymbolicLink() ? 'link' : e.isDirectory() ? 'dir' : e.isFile() ? 'file' : undefined;
      if (kind) out.push({ name: e.name, kind });
    }
    return out.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  } catch {
    return undefined;
  }
}
