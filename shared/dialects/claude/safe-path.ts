import { posix } from 'path';
import { deepestResolvable, MAX_RESOLVABLE_PATH_CHARS, resolvableHead, type PathFs } from '../../model';

/** One way of reading a model-supplied path. */
export interface PathView {
  name: 'as given' | 'normalized' | 'resolved';
  path: string;
}

export interface PathViews {
  views: PathView[];
  /** Every view lies inside the working folders. */
  inside: boolean;
  /** Reasons the path can be at most ask (escapes the working folders, cannot be resolved). */
  problems: string[];
  /** Caveats that do not change the outcome (no file system to resolve symlinks with). */
  notes: string[];
}

export interface PathViewOptions {
  cwd: string;
  root: string;
  /** Folders the agent works in: the root and `additionalDirectories`. */
  workDirs: string[];
  home?: string;
  fs?: PathFs;
  /** The tool may create the file (Edit): resolve its folder when the file itself does not exist. */
  mayCreate: boolean;
}

/**
 * The three views of a raw path that rules are judged against: as given (joined to the cwd, not
 * normalized), lexically normalized, and symlink-resolved through `fs`. A deny applies if any view
 * matches; an allow only if all do. Escaping the working folders or failing to resolve is a problem
 * that caps the outcome at ask.
 * @example pathViews('docs/../secrets/k', { cwd: '/p', root: '/p', workDirs: ['/p'], mayCreate: false }).views[1].path // '/p/secrets/k'
 */
export function pathViews(raw: string, o: PathViewOptions): PathViews {
  const problems: string[] = [];
  const notes: string[] = [];
  let expanded = raw.replace(/\\/g, '/');
  if (expanded === '~' || expanded.startsWith('~/')) {
    if (o.home === undefined) {
      problems.push(`"${raw}" starts with ~ but the home directory is not known`);
      expanded = expanded.slice(1).replace(/^\/?/, '/~home~/');
    } else expanded = o.home + expanded.slice(1);
  }
  // The agent's tools open the normalized path, and it matches rules against that alone: a raw
  // `docs/../.env` is judged as `.env` (observed on the CLI), so the first view is the normalized one.
  const normalized = posix.resolve(o.cwd, expanded);
  const asGiven = normalized;
  const views: PathView[] = [{ name: 'as given', path: asGiven }];
  if (normalized !== asGiven) views.push({ name: 'normalized', path: normalized });
  let within = inside(normalized, o.workDirs);

  if (!o.fs) {
    // Fail closed: without the file system nothing proves the path is not a link out of the working folders.
    problems.push(`no file system was given to check ${raw} for symlinks out of the working folders`);
    return { views, inside: within, problems, notes };
  }
  const r = resolveSpellings(o.fs, normalized);
  if (r.unresolved) problems.push(`${raw} is a symlink loop: it cannot be resolved`);
  const resolved = r.final;
  // Rules are anchored at the root as written; if the root itself is a symlink, map back onto it.
  const realRoot = o.fs.realpath(o.root);
  const mapBack = (p: string) => (realRoot && realRoot !== o.root && inside(p, [realRoot]) ? posix.join(o.root, posix.relative(realRoot, p)) : p);
  // Every hop of a link is a name a rule may use (a deny on any applies, an allow must cover all).
  for (const hop of r.spellings.slice(1)) {
    const mapped = mapBack(hop);
    if (!views.some((v) => v.path === mapped)) views.push({ name: 'resolved', path: mapped });
  }
  const mapped = mapBack(resolved);
  const realDirs = o.workDirs.flatMap((d) => [d, o.fs!.realpath(d) ?? d]);
  if (!inside(mapped, o.workDirs) && !inside(resolved, realDirs)) {
    within = false;
    notes.push(`${raw} resolves to ${resolved}, outside the working folders`);
  }
  return { views, inside: within, problems, notes };
}

/**
 * Resolves the symlinks of the deepest existing ancestor and appends the rest lexically, so the
 * verdict for a path never depends on whether the file itself exists on the checking machine.
 * @example resolveExisting(fs, '/p/docs/new.md') // '/real/p/docs/new.md' when /p → /real/p and new.md is absent
 */
export function resolveExisting(fs: PathFs, abs: string): string {
  // Ancestors too long to resolve are not asked about: a 100 kB path costs one pass, not one call per folder.
  const { head, tail } = resolvableHead(abs);
  const found = deepestResolvable(head, fs);
  if (found === undefined) return abs;
  const inner = found.rest.length ? posix.join(found.real, ...found.rest) : found.real;
  return tail ? `${inner === '/' ? '' : inner}/${tail}` : inner;
}

/** Symlink hops followed before a path counts as a loop (the kernel's ELOOP limit). */
export const MAX_LINK_HOPS = 40;

/** Where a path lands once its symlinks are followed, and every name it goes by on the way. */
export interface Resolution {
  /** The path with every symlink that exists followed (a missing tail appended as written). */
  final: string;
  /** The path as given (normalized), each hop's composed path, and the final one. */
  spellings: string[];
  /** A link loop or too many hops: where it lands is unknown. */
  unresolved: boolean;
}

/**
 * Follows a path's symlinks component by component, as the agent does before it checks a path: a
 * link that dangles is still followed (its target is where a write would land), and each hop's
 * composed path is a spelling a deny rule may name. Needs `fs.readlink`; without it, the deepest
 * existing folder is resolved with `realpath` and the rest appended.
 * @example resolveSpellings(fs, '/p/lnk/x').final // '/outside/x' when /p/lnk → /outside
 */
export function resolveSpellings(fs: PathFs, abs: string): Resolution {
  const start = posix.normalize(abs);
  if (!fs.readlink) {
    const final = resolveExisting(fs, start);
    return { final, spellings: unique([start, final]), unresolved: false };
  }
  const spellings = [start];
  let parts = start.split('/').filter(Boolean);
  let at = 0;
  let cur = '/';
  let hops = 0;
  while (at < parts.length) {
    const next = cur === '/' ? `/${parts[at]}` : `${cur}/${parts[at]}`;
    // Past PATH_MAX the kernel finds nothing by that path, no symlink either: the rest is as written,
    // and a deep path costs one pass instead of one ever longer lookup per folder.
    if (next.length > MAX_RESOLVABLE_PATH_CHARS) {
      cur = posix.join(cur, ...parts.slice(at));
      break;
    }
    at++;
    const target = fs.readlink(next);
    if (target === undefined) {
      cur = next;
      continue;
    }
    if (++hops > MAX_LINK_HOPS) return { final: start, spellings, unresolved: true };
    const landed = posix.resolve(posix.dirname(next), target);
    const rest = parts.slice(at);
    spellings.push(posix.join(landed, ...rest));
    parts = [...landed.split('/').filter(Boolean), ...rest];
    at = 0;
    cur = '/';
  }
  return { final: cur, spellings: unique([...spellings, cur]), unresolved: false };
}

function unique(xs: string[]): string[] {
  return [...new Set(xs)];
}

/** @example inside('/p/a', ['/p']) // true */
export function inside(abs: string, dirs: string[]): boolean {
  return dirs.some((d) => {
    const rel = posix.relative(d, abs);
    return rel === '' || (!rel.startsWith('..') && !posix.isAbsolute(rel));
  });
}

/**
 * The path without its trailing slashes (a loop: a regex over a run of slashes can be slow).
 * @example withoutTrailingSlashes('docs//') // 'docs'
 */
export function withoutTrailingSlashes(p: string): string {
  let end = p.length;
  while (end > 0 && p[end - 1] === '/') end--;
  return p.slice(0, end);
}
