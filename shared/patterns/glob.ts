import { posix } from 'path';
import parse from 'picomatch/lib/parse';
import { LinearRegex, UnsupportedRegex, Work } from './regex';
import { thousands } from '../text/thousands';

/**
 * picomatch's globs, matched without backtracking. picomatch turns a glob into a regular
 * expression that a backtracking engine runs: `*a*a*a*a*ab` against a long name of `a`s takes
 * polynomial time, a hang for any realistic length. Here picomatch still reads the glob (so its
 * meaning is exactly picomatch's), but the expression it writes is matched by the linear matcher;
 * no `RegExp` is made from the glob.
 */

/** Globs longer than this are not compiled (picomatch's own reader slows down quadratically on some); they match nothing proved. */
export const MAX_GLOB_CHARS = 16_384;
/** picomatch's own limit (its `maxLength` default): its reader refuses a longer glob at once. */
const PICOMATCH_MAX_CHARS = 65_536;

/** What a glob test answers: matched, not matched, or undecided (over a budget: fail closed). */
export type GlobAnswer = boolean | undefined;

export interface GlobMatcher {
  readonly glob: string;
  /** As `picomatch(glob, options)(input)` answers; undefined when the work budget ran out. */
  test(input: string, work?: Work): GlobAnswer;
  /**
   * Whether a normalized absolute path or any folder above it (its `posix.dirname`s up to `/`)
   * matches, in one pass over the path.
   */
  testSelfOrAncestor(path: string, work?: Work): GlobAnswer;
  /** Why the glob can only be undecided (too long, too large to compile), when it can. */
  readonly undecidable?: string;
}

export interface GlobOptions {
  dot?: boolean;
  /** Backslashes as separators; by default, as picomatch decides it: on Windows. */
  windows?: boolean;
}

/** picomatch's own default for `windows` (its `utils.isWindows`). */
function isWindows(): boolean {
  return typeof process !== 'undefined' && process.platform === 'win32';
}

/** picomatch's reader: `parse(glob, options)`, and `parse.fastpaths` for the shapes it writes directly. */
const reader = parse as unknown as ((glob: string, o: GlobOptions) => { output: string; negated: boolean }) & { fastpaths(glob: string, o: GlobOptions): string | undefined };

/** The expression source picomatch's `makeRe` builds for a glob, step for step, written out but not compiled. */
function sourceOf(glob: string, options: GlobOptions): string {
  let parsed: { output?: string; negated: boolean } = { negated: false };
  if (glob[0] === '.' || glob[0] === '*') parsed.output = reader.fastpaths(glob, options);
  if (!parsed.output) parsed = reader(glob, options);
  const body = `^(?:${parsed.output})$`;
  return parsed.negated ? `^(?!${body}).*$` : body;
}

/**
 * Compiles a glob as `picomatch(glob, options)` does; throws what picomatch throws for a glob it
 * refuses (an empty one, a syntax error).
 * @example compileGlob('src/**', { dot: true }).test('src/a/b.ts') // true
 */
export function compileGlob(glob: string, options: GlobOptions = {}): GlobMatcher {
  if (typeof glob !== 'string' || glob === '') throw new TypeError('Expected pattern to be a non-empty string');
  const opts: GlobOptions = { ...options, windows: options.windows ?? isWindows() };
  if (glob.length > MAX_GLOB_CHARS) {
    // Refused as picomatch refuses it (its reader throws before reading anything), else undecided.
    if (glob.length > PICOMATCH_MAX_CHARS) reader(glob, opts);
    return undecided(glob, `the glob is longer than ${thousands(MAX_GLOB_CHARS)} characters`);
  }
  const source = sourceOf(glob, opts);
  let re: LinearRegex | null;
  try {
    re = LinearRegex.compile(source);
  } catch (e) {
    // picomatch falls back to a never-matching expression when its output does not compile.
    if (e instanceof SyntaxError) re = null;
    else if (e instanceof UnsupportedRegex) return undecided(glob, `the glob is too large to match (${e.message})`);
    else throw e;
  }
  return {
    glob,
    test(input, work) {
      // picomatch.test: the empty string never matches, the glob's own text always does (also
      // with backslashes turned to slashes, on Windows).
      if (input === '') return false;
      if (input === glob) return true;
      const output = opts.windows ? input.replace(/\\/g, '/') : input;
      if (output === glob) return true;
      return re ? re.test(output, work) : false;
    },
    testSelfOrAncestor(path, work) {
      if (!isNormalizedAbsolute(path) || (opts.windows && path.includes('\\'))) return ancestorsOneByOne(this, path, work);
      const root = this.test('/', work);
      if (root === true || path === '/') return root;
      const ends: number[] = [];
      for (let i = path.indexOf('/', 1); i >= 0; i = path.indexOf('/', i + 1)) ends.push(i);
      ends.push(path.length);
      // The glob's own text is matched by equality (picomatch's shortcut), not by the expression.
      if (path.startsWith(glob) && (glob.length === path.length || path[glob.length] === '/')) return true;
      if (!re) return root;
      const hit = re.testPrefixes(path, ends, work);
      return hit === undefined ? undefined : hit >= 0 ? true : root;
    },
  };
}

function undecided(glob: string, why: string): GlobMatcher {
  return { glob, undecidable: why, test: (input) => (input === '' ? false : input === glob ? true : undefined), testSelfOrAncestor: () => undefined };
}

/** `/a/b`: starts with `/`, no empty, `.` or `..` part, no trailing `/` — `posix.dirname` only cuts at slashes. */
function isNormalizedAbsolute(p: string): boolean {
  if (p === '/') return true;
  if (!p.startsWith('/') || p.endsWith('/') || p.includes('//')) return false;
  return !p.includes('/./') && !p.includes('/../') && !p.endsWith('/.') && !p.endsWith('/..');
}

/** The path and each `posix.dirname` above it tested in turn (a path not in normal form: rare, and short in practice). */
function ancestorsOneByOne(m: GlobMatcher, path: string, work: Work = new Work()): GlobAnswer {
  let undecidedSeen = false;
  for (let p = path; ; ) {
    const r = m.test(p, work);
    if (r === true) return true;
    if (r === undefined) undecidedSeen = true;
    if (p === '/' || p === '.' || p === '') return undecidedSeen ? undefined : false;
    const up = posix.dirname(p);
    if (up === p) return undecidedSeen ? undefined : false;
    p = up;
  }
}

/**
 * A matcher for any of several globs, as `picomatch([…], options)` answers: true when one matches,
 * undefined when none matches but one was undecided.
 * @example compileGlobs(['vendor/**', '*.tmp'], { dot: true })('vendor/x') // true
 */
export function compileGlobs(globs: readonly string[], options: GlobOptions = {}): (input: string) => GlobAnswer {
  const ms = globs.map((g) => compileGlob(g, options));
  return (input) => {
    let open = false;
    for (const m of ms) {
      const r = m.test(input);
      if (r === true) return true;
      if (r === undefined) open = true;
    }
    return open ? undefined : false;
  };
}
