/**
 * No operating system resolves a path longer than this (Linux's PATH_MAX; others allow less):
 * a folder deeper than it cannot be found to exist by its path, so a search for the nearest
 * existing folder of a long path starts below it instead of asking for every longer ancestor.
 */
export const MAX_RESOLVABLE_PATH_CHARS = 4096;

/**
 * A normalized absolute path cut at its deepest ancestor (or itself) that is short enough to be
 * resolved, and the components cut off (`''` when none were): each component once, in one pass.
 * @example resolvableHead('/a/b/c') // { head: '/a/b/c', tail: '', cut: 0 }
 */
export function resolvableHead(abs: string): { head: string; tail: string; cut: number } {
  if (abs.length <= MAX_RESOLVABLE_PATH_CHARS) return { head: abs, tail: '', cut: 0 };
  const at = abs.lastIndexOf('/', MAX_RESOLVABLE_PATH_CHARS);
  const head = at <= 0 ? '/' : abs.slice(0, at);
  const tail = abs.slice(at + 1);
  let cut = 1;
  for (let i = tail.indexOf('/'); i >= 0; i = tail.indexOf('/', i + 1)) cut++;
  return { head, tail, cut };
}
