import * as path from 'path';
import { deepestResolvable, resolvableHead, type PathFs } from '../../model';

export type ViewName = 'raw' | 'normalized' | 'resolved';

/** One way of reading a path: relative to the scope root, or the reason it cannot be. */
export interface PathView {
  name: ViewName;
  /** Root-relative, `/`-separated; null when the view escapes the root or cannot be computed. */
  rel: string | null;
  problem?: 'escapes-root' | 'unresolvable';
  /** What the view is, for the trace (`/p/secrets/key`, `resolves outside the root to /etc/passwd`). */
  detail: string;
  /** Components that do not exist yet and were appended to the nearest existing folder. */
  missingTail?: string;
}

const slash = (s: string) => s.replace(/\\/g, '/');
const isAbs = (s: string) => s.startsWith('/') || /^[A-Z]:\//i.test(s);

function relInside(root: string, abs: string): string | null {
  const rel = path.posix.relative(root, abs);
  if (rel === '..' || rel.startsWith('../') || isAbs(rel)) return null;
  return rel;
}

/**
 * The real location of a path that may not exist yet: the nearest existing ancestor is resolved
 * (following every symlink) and the missing components are appended.
 * @example resolveExisting('/p/src/new.ts', fs) // { real: '/p/src/new.ts', missing: 'new.ts' }
 */
export function resolveExisting(abs: string, fs: PathFs): { real: string; missing: string } | undefined {
  // Ancestors too long to resolve are skipped in one step (each would be asked, and fail, in turn).
  const { head, tail: cutOff } = resolvableHead(abs);
  const found = deepestResolvable(head, fs);
  if (found === undefined) return undefined;
  return { real: slash(found.real), missing: [...found.rest, ...(cutOff ? [cutOff] : [])].join('/') };
}

/**
 * The three views of a path the scope judges: as written, lexically normalized, and with symlinks
 * resolved. `base` is the folder a relative path starts from (the root, or a shell's cwd).
 * @example pathViews('src/../secrets/k', '/p', '/p', fs).map((v) => v.rel) // ['src/../secrets/k', 'secrets/k', 'secrets/k']
 */
export function pathViews(input: string, rootIn: string, baseIn: string, fs: PathFs | undefined): PathView[] {
  const root = slash(rootIn);
  const base = slash(baseIn);
  const s = slash(input);
  const views: PathView[] = [];

  // As written: only the spelling the caller chose, with "./" prefixes dropped (they change nothing).
  let raw: string | null;
  if (isAbs(s)) raw = s === root ? '' : s.startsWith(root + '/') ? s.slice(root.length + 1) : null;
  else {
    const baseRel = relInside(root, base);
    const tail = s.replace(/^(?:\.\/)+/, '');
    raw = baseRel === null ? null : baseRel ? `${baseRel}/${tail}` : tail;
  }
  if (raw !== null && (raw === '..' || raw.startsWith('../'))) raw = null;
  views.push(raw === null ? { name: 'raw', rel: null, problem: 'escapes-root', detail: `"${input}" is outside the root as written` } : { name: 'raw', rel: raw, detail: raw });

  const abs = path.posix.resolve(base, s);
  const norm = relInside(root, abs);
  views.push(norm === null ? { name: 'normalized', rel: null, problem: 'escapes-root', detail: `normalizes to ${abs}, outside the root` } : { name: 'normalized', rel: norm, detail: norm });

  if (!fs) {
    views.push({ name: 'resolved', rel: null, problem: 'unresolvable', detail: 'no file system access: symlinks cannot be resolved' });
    return views;
  }
  const realRoot = fs.realpath(root);
  const real = resolveExisting(abs, fs);
  if (realRoot === undefined || real === undefined) {
    views.push({ name: 'resolved', rel: null, problem: 'unresolvable', detail: realRoot === undefined ? `the root ${root} cannot be resolved` : `${abs} cannot be resolved` });
    return views;
  }
  const full = real.missing ? path.posix.join(real.real, real.missing) : real.real;
  const rel = relInside(slash(realRoot), full);
  views.push(rel === null
    ? { name: 'resolved', rel: null, problem: 'escapes-root', detail: `resolves to ${full}, outside the root ${slash(realRoot)}`, missingTail: real.missing || undefined }
    : { name: 'resolved', rel, detail: rel, missingTail: real.missing || undefined });
  return views;
}
