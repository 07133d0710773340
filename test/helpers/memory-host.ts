import * as path from 'path';
import type { CheckHost } from '../../shared/check/check-file';

/**
 * A check host over files held in memory, keyed by absolute POSIX path; a folder lists the files
 * directly in it.
 * @example memoryHost({ '/p/a.json': '{}' }).list?.('/p') // [{ name: 'a.json', kind: 'file' }]
 */
export function memoryHost(files: Record<string, string>): CheckHost {
  return {
    readFile: (p) => files[p],
    exists: (p) => p in files,
    list: (dir) => {
      const names = Object.keys(files).filter((p) => path.posix.dirname(p) === dir).map((p) => path.posix.basename(p)).sort();
      return names.length ? names.map((name) => ({ name, kind: 'file' as const })) : undefined;
    },
  };
}
