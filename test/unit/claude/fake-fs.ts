import { posix } from 'path';
import type { PathFs } from '../../../shared/model';

/** Symlink hops before a path counts as a loop, as the kernel's ELOOP limit does. */
const MAX_HOPS = 40;

/**
 * An in-memory file system for safe-path tests: `entries` are existing files and folders,
 * `links` maps a link's absolute path to its target (absolute or relative to the link's folder).
 * @example fakeFs(['/p', '/p/a'], { '/p/l': 'a' }).realpath('/p/l') // '/p/a'
 */
export function fakeFs(entries: string[], links: Record<string, string>): PathFs {
  const exists = new Set(['/', ...entries]);
  return {
    realpath(abs: string) {
      let parts = abs.split('/').filter(Boolean);
      let cur = '/';
      let hops = 0;
      while (parts.length) {
        const next = posix.join(cur, parts.shift()!);
        const target = links[next];
        if (target !== undefined) {
          if (++hops > MAX_HOPS) return undefined;
          parts = [...posix.resolve(posix.dirname(next), target).split('/').filter(Boolean), ...parts];
          cur = '/';
          continue;
        }
        if (!exists.has(next)) return undefined;
        cur = next;
      }
      return cur;
    },
    readlink(abs: string) {
      // Only the last component is looked at, the folders above it are taken as they are.
      const dir = this.realpath(posix.dirname(abs));
      if (dir === undefined) return undefined;
      return links[posix.join(dir, posix.basename(abs))];
    },
  };
}
