import type { PathFs } from './context';

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

/**
 * The deepest ancestor of `head` (itself included) that `fs.realpath` resolves, and the
 * components below it, as written. Asking each ancestor in turn (each call walking the whole
 * path again) cost the square of the depth — a 200-folder pattern's witness took 160 ms of
 * `realpath`. A path resolves only when its ancestors do, so the search steps up 1, 2, 4, …
 * folders until one resolves, then halves the gap: a few calls, and the same answer as the walk
 * (the nearest ancestors are asked first). Undefined when not even the root resolves.
 * @example deepestResolvable('/p/src/new/x.ts', fs) // { real: '/p/src', rest: ['new', 'x.ts'] } when /p/src exists
 */
export function deepestResolvable(head: string, fs: PathFs): { real: string; rest: string[] } | undefined {
  const whole = fs.realpath(head);
  if (whole !== undefined) return { real: whole, rest: [] };
  const parts = head.split('/');
  const comps = parts.slice(1).filter((c) => c !== '');
  const prefix = (i: number) => `${parts[0]}/${comps.slice(0, i).join('/')}`;
  // prefix(hi) does not resolve; prefix(lo) resolves to `real`.
  let hi = comps.length;
  let lo = -1;
  let real: string | undefined;
  for (let step = 1; real === undefined; step *= 2) {
    if (hi === 0) return undefined;
    const at = Math.max(0, hi - step);
    const r = fs.realpath(prefix(at));
    if (r === undefined) hi = at;
    else [lo, real] = [at, r];
  }
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    const r = fs.realpath(prefix(mid));
    if (r === undefined) hi = mid;
    else [lo, real] = [mid, r];
  }
  return { real, rest: comps.slice(lo) };
}
