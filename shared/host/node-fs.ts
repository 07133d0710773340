import * as fs from 'fs';
import type { PathFs } from '../model';

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
};

/** Reads a text file, or undefined when it is missing or unreadable. */
export function readText(p: string): string | undefined {
  try {
    return fs.readFileSync(p, 'utf8');
  } catch {
    return undefined;
  }
}

export function fileExists(p: string): boolean {
  try {
    return fs.statSync(p).isFile();
  } catch {
    return false;
  }
}
