import { posix } from 'path';
import { compileGlob, type GlobAnswer, type GlobMatcher } from '../../patterns/glob';
import type { PathAnchor, RuleMatcher } from './types';

/** Compiled globs kept per pattern text; cleared when it grows past this (it only saves work). */
export const MAX_GLOB_CACHE = 4_096;
const globCache = new Map<string, CompiledPathGlob>();
/** A path rule's compiled glob and the folders every path it matches starts with (`leadingFolders`). */
interface CompiledPathGlob {
  test: GlobMatcher;
  lead: string | undefined;
  /** Whether the glob goes on with a `/` after its leading folders: what it matches then lies in them, or is the last. */
  wholeLead: boolean;
}
/** A literal folder standing for a rule's anchor, so one compiled glob serves every working folder. */
const ANCHOR = '/anchor';

type PathMatcher = Extract<RuleMatcher, { kind: 'path' }>;

/**
 * Reads a `Read(…)`/`Edit(…)` specifier as a gitignore-style pattern with its anchor: `//abs`
 * absolute, `~/p` home, `/p` the settings source root, `p` or `./p` the working directory. A
 * pattern with no `/` inside (after the anchor) matches at any depth, as in gitignore.
 * @example compilePathRule('read', '.env') // { anchor: 'cwd', body: '.env', anyDepth: true, … }
 */
export function compilePathRule(family: 'read' | 'edit', specifier: string): PathMatcher {
  let anchor: PathAnchor;
  let body: string;
  // `///abs` and `////abs` are absolute too: the extra slashes are dropped (observed on 2.1.328).
  if (specifier.startsWith('//')) [anchor, body] = ['absolute', specifier.slice(2).replace(/^\/+/, '')];
  else if (specifier === '~' || specifier.startsWith('~/')) [anchor, body] = ['home', specifier.slice(2)];
  else if (specifier.startsWith('/')) [anchor, body] = ['source', specifier.slice(1)];
  else if (specifier.startsWith('./')) [anchor, body] = ['cwd', specifier.slice(2)];
  else [anchor, body] = ['cwd', specifier];
  body = body.replace(/(?<!\/)\/+$/, '');
  const anyDepth = anchor === 'cwd' && !body.includes('/');
  return { kind: 'path', family, anchor, body: body === '' ? '**' : body, anyDepth };
}

/** Where a path rule's anchor points, for one evaluation. */
export interface AnchorDirs {
  cwd: string;
  home: string | undefined;
  /** The rule's settings source root (project root, or `~/.claude`). */
  source: string;
}

/**
 * The absolute glob a path rule stands for under the given anchors; undefined when it needs a home
 * directory that is not known.
 * @example absoluteGlob(compilePathRule('read', 'secrets/**'), { cwd: '/p', home: undefined, source: '/p' }) // '/p/secrets/**'
 */
export function absoluteGlob(m: PathMatcher, dirs: AnchorDirs): string | undefined {
  const base = anchorBase(m, dirs);
  if (base === undefined) return undefined;
  const prefix = escapeGlob(base).replace(/\/$/, '');
  return `${prefix}/${relativeGlob(m)}`;
}

/**
 * The folder an anchor stands for under the given anchors, as given; undefined for `home` without a
 * known home folder.
 * @example anchorFolder('source', { cwd: '/p/sub', home: '/h', source: '/p' }) // '/p'
 */
export function anchorFolder(anchor: PathAnchor, dirs: AnchorDirs): string | undefined {
  return anchor === 'absolute' ? '/' : anchor === 'home' ? dirs.home : anchor === 'source' ? dirs.source : dirs.cwd;
}

/** The folder a rule's pattern is relative to, normalized; undefined without a needed home. */
function anchorBase(m: PathMatcher, dirs: AnchorDirs): string | undefined {
  const base = anchorFolder(m.anchor, dirs);
  return base === undefined ? undefined : posix.normalize(base);
}

/** The pattern relative to its anchor: a name without a slash matches at any depth. */
function relativeGlob(m: PathMatcher): string {
  return `${m.anyDepth ? '**/' : ''}${m.body}`;
}

/**
 * Whether an absolute path, or any folder above it, matches the rule: as in gitignore, a pattern
 * naming a folder covers everything inside it. The path is taken relative to the rule's anchor (a
 * path outside the anchor never matches), and that relative part is compared **without regard to
 * case** in every tier: Claude Code matches path rules with the `ignore` library's default
 * `ignorecase: true` (observed on 2.1.328 and 2.1.332: `Read(.env)` denies `.ENV`, `Edit(./SRC/**)`
 * denies a Write of `src/n.ts`, on a case-sensitive file system).
 * @example pathRuleMatches(compilePathRule('read', 'secrets'), '/p/SECRETS/a.key', dirs) // true
 */
export function pathRuleMatches(m: PathMatcher, absPath: string, dirs: AnchorDirs): GlobAnswer {
  const base = anchorFolder(m.anchor, dirs);
  if (base === undefined) return false;
  // Case folded on both sides (the glob matcher has no ignorecase of its own). The relative glob
  // sits under a stand-in folder for the anchor, so the matcher's one-pass ancestor test applies.
  const { test, lead, wholeLead } = compiledFor(m);
  // A glob the matcher can never decide is undecided for every path (the caller fails closed).
  if (test.undecidable !== undefined) return undefined;
  const path = anchoredPath(base, absPath);
  // The anchor folder itself and paths outside it are never matched (the agent skips an empty or `..` relative path).
  if (path === undefined) return false;
  // Whatever the glob matches starts with its leading folders, so a path (and every folder above
  // it) that does not start with them is no match: a request is tested against the few rules of
  // its own folders, not through the matcher for each of a file's thousands of path rules.
  // Past a `/`, `src/m1/**` cannot match `src/m12` either: only the folder itself or what lies inside.
  if (lead !== undefined && (!path.startsWith(lead) || (wholeLead && path.length > lead.length && path[lead.length] !== '/'))) return false;
  // The stand-in is among the folders the one pass tests, but the anchor is never matched: a glob
  // that matches it (`**`, rare) is tested on the path's own folders one by one instead.
  if (test.test(ANCHOR) !== false) return ownFolders(test, path);
  return test.testSelfOrAncestor(path);
}

/**
 * The folders every path a rule matches lies in or is, as one key (`src/m12` of `./src/m12/**`):
 * the whole folders of its leading folders that the glob goes on past with a `/`, case folded.
 * Undefined when it has none, or the matcher can never decide it: such a rule is tested on every path.
 * A path (or a folder above it) the rule matches has this key among its `folderKeys`.
 * @example folderKey(compilePathRule('read', './src/m12/**')) // 'src/m12'
 */
export function folderKey(m: PathMatcher): string | undefined {
  const { test, lead, wholeLead } = compiledFor(m);
  if (lead === undefined || test.undecidable !== undefined) return undefined;
  // The lead's last folder is whole only when the glob goes on with a `/` after it (`src/m1` of `src/m1*/a` is not).
  const whole = wholeLead ? lead : lead.slice(0, lead.lastIndexOf('/'));
  return whole.length > ANCHOR.length ? whole.slice(ANCHOR.length + 1) : undefined;
}

/**
 * The keys (`folderKey`) a rule anchored at `base` may have to match an absolute path: the path
 * relative to the anchor, case folded, and each folder above it; none for a path outside the anchor.
 * @example folderKeys('/p', '/p/SRC/m1/a.ts') // ['src', 'src/m1', 'src/m1/a.ts']
 */
export function folderKeys(base: string, absPath: string): string[] {
  const path = anchoredPath(base, absPath);
  if (path === undefined) return [];
  const rel = path.slice(ANCHOR.length + 1);
  const out: string[] = [];
  for (let i = rel.indexOf('/'); i >= 0; i = rel.indexOf('/', i + 1)) out.push(rel.slice(0, i));
  out.push(rel);
  return out;
}

/** The path and each folder above it, short of the anchor's stand-in; undefined when one went undecided and none matched. */
function ownFolders(test: GlobMatcher, path: string): GlobAnswer {
  let unknown = false;
  for (let p = path; p !== ANCHOR; p = posix.dirname(p)) {
    const r = test.test(p);
    if (r === true) return true;
    if (r === undefined) unknown = true;
  }
  return unknown ? undefined : false;
}

/** Each rule's compiled glob, found without building its text again: a request meets every path rule of a file. */
const byMatcher = new WeakMap<PathMatcher, CompiledPathGlob>();

function compiledFor(m: PathMatcher): CompiledPathGlob {
  let f = byMatcher.get(m);
  if (!f) byMatcher.set(m, (f = compiled(`${ANCHOR}/${relativeGlob(m).toLowerCase()}`)));
  return f;
}

/**
 * The last answer of `anchoredPath` per anchor folder: one request's path is tested against
 * thousands of rules that share a handful of anchors, so the same question comes many times in a row.
 */
const lastAnchored = new Map<string, { absPath: string; path: string | undefined }>();
/** Anchor folders remembered at most (it only saves work). */
const MAX_ANCHORS = 64;

/**
 * An absolute path relative to an anchor folder, case folded, under the anchor's stand-in;
 * undefined for the anchor itself and for paths outside it.
 * @example anchoredPath('/p', '/p/SRC/a.ts') // '/anchor/src/a.ts'
 */
function anchoredPath(base: string, absPath: string): string | undefined {
  const last = lastAnchored.get(base);
  if (last !== undefined && last.absPath === absPath) return last.path;
  const rel = posix.relative(posix.normalize(base), posix.normalize(absPath));
  const path = rel === '' || rel === '..' || rel.startsWith('../') || posix.isAbsolute(rel) ? undefined : `${ANCHOR}/${rel.toLowerCase()}`;
  if (lastAnchored.size >= MAX_ANCHORS) lastAnchored.clear();
  lastAnchored.set(base, { absPath, path });
  return path;
}

function compiled(glob: string): CompiledPathGlob {
  let f = globCache.get(glob);
  if (!f) {
    if (globCache.size >= MAX_GLOB_CACHE) globCache.clear();
    const lead = leadingFolders(glob);
    f = { test: compileGlob(glob, { dot: true }), lead, wholeLead: lead !== undefined && glob[lead.length] === '/' };
    globCache.set(glob, f);
  }
  return f;
}

/** Characters that end a glob's literal start: anything that is not a plain name character or `/`. */
const PLAIN = /^[a-z0-9_~ .-]$/;

/**
 * The folders a glob under the anchor's stand-in starts with, written out plainly (`/anchor/src/m1`
 * of `/anchor/src/m1/**`): every path it matches, and every path a folder above which it matches,
 * starts with them. Only whole folders of plain names count (a `src/**` matches `src` itself), and
 * none at all when one is `.` or `..` or empty: undefined then, and every path goes to the matcher.
 * @example leadingFolders('/anchor/src/m1/*.ts') // '/anchor/src/m1'
 */
export function leadingFolders(glob: string): string | undefined {
  if (!glob.startsWith(`${ANCHOR}/`)) return undefined;
  let end = ANCHOR.length + 1;
  while (end < glob.length && (glob[end] === '/' || PLAIN.test(glob[end]))) end++;
  // The literal part up to its last whole folder (the text after the last `/` may go on in a wildcard).
  const cut = end === glob.length ? glob.length : glob.lastIndexOf('/', end - 1);
  if (cut <= ANCHOR.length) return undefined;
  const lead = glob.slice(0, cut);
  const folders = lead.slice(ANCHOR.length + 1).split('/');
  if (folders.some((f) => f === '' || f === '.' || f === '..')) return undefined;
  return lead;
}

/** @example escapeGlob('/a/b[1]') // '/a/b\\[1\\]' */
export function escapeGlob(s: string): string {
  return s.replace(/[\\*?[\]{}()!@+]/g, '\\$&');
}
