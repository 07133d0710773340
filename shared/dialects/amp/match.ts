import { compileGlob, type GlobMatcher } from '../../patterns/glob';
import { LinearRegex, UnsupportedRegex } from '../../patterns/regex';
import { regexCompiles } from './regex-check';
import type { AmpCondition, AmpContext, AmpEntry } from './types';

/**
 * Amp's entry matching (main.js of @ampcode/cli 0.0.1790142911-g7618fb: `U9t`, `D1`, `p6`, `O9t`,
 * `W9t`, `v4`, `w4`), answered without running a backtracking engine. Each test says `match`,
 * `no`, `throw` (Amp throws "Invalid regex pattern", which aborts the whole list it walks) or
 * `unsure` (RuleLens cannot tell: a pattern past the linear matcher's budget or one it cannot
 * read, a key Amp would look up on Object.prototype); the evaluator fails closed on `unsure`.
 */
export type Test = 'match' | 'no' | 'throw' | 'unsure';

/** Patterns compiled once per text (Amp's lists repeat the same globs across thousands of calls). */
const CACHE_LIMIT = 8192;
const GLOBS = new Map<string, LinearRegex | null>();
const REGEXES = new Map<string, LinearRegex | 'invalid' | null>();
const TOOL_GLOBS = new Map<string, GlobMatcher | null>();

function remember<K, V>(map: Map<K, V>, key: K, value: V): V {
  if (map.size >= CACHE_LIMIT) map.clear();
  map.set(key, value);
  return value;
}

/** Amp's glob-to-regex escape (`/[.+?^${}()|[\]\\]/g`), then `*` → `.*`, anchored, multiline. */
export function globSource(pattern: string): string {
  let out = '';
  for (const c of pattern) out += c === '*' ? '.*' : '.+?^${}()|[]\\'.includes(c) ? `\\${c}` : c;
  return `^${out}$`;
}

function fromBool(b: boolean | undefined): Test {
  return b === undefined ? 'unsure' : b ? 'match' : 'no';
}

/**
 * `v4(value, pattern)`: `/…/` (3+ characters) is a JavaScript regex with flag `m`, unanchored; `*`
 * alone matches anything; a pattern without `*` is exact equality; otherwise a glob whose `*`
 * matches any run of characters within one line, anchored to a line (flag `m`), `?` literal.
 * @example stringTest('rm -rf x\ngit status', '/^git (status|log)$/') // 'match'
 */
export function stringTest(value: string, pattern: string): Test {
  if (pattern.length >= 3 && pattern.startsWith('/') && pattern.endsWith('/')) {
    const body = pattern.slice(1, -1);
    let re = REGEXES.get(body);
    if (re === undefined) {
      if (!regexCompiles(body, 'm')) re = remember(REGEXES, body, 'invalid' as const);
      else {
        try {
          re = remember(REGEXES, body, LinearRegex.compile(body, 'm'));
        } catch (e) {
          if (!(e instanceof UnsupportedRegex) && !(e instanceof SyntaxError)) throw e;
          re = remember(REGEXES, body, null);
        }
      }
    }
    if (re === 'invalid') return 'throw';
    return re ? fromBool(re.test(value)) : 'unsure';
  }
  if (pattern === '*') return 'match';
  if (!pattern.includes('*')) return value === pattern ? 'match' : 'no';
  let re = GLOBS.get(pattern);
  if (re === undefined) {
    try {
      re = remember(GLOBS, pattern, LinearRegex.compile(globSource(pattern), 'm'));
    } catch {
      re = remember(GLOBS, pattern, null);
    }
  }
  return re ? fromBool(re.test(value)) : 'unsure';
}

/**
 * `D1(toolName, pattern)`: both lower-cased; `*` matches all, equal names match, a pattern with
 * `* ? [ {` is a picomatch glob (`dot: true`; a glob picomatch refuses matches nothing).
 * @example toolTest('mcp__github__create_issue', 'mcp__github__*') // 'match'
 */
export function toolTest(name: string, pattern: string): Test {
  if (pattern === '') return 'no';
  const n = name.toLowerCase();
  const p = pattern.toLowerCase();
  if (p.length === 1) return p === '*' || p === n ? 'match' : 'no';
  if (n === p) return 'match';
  if (!/[*?[{]/.test(p)) return 'no';
  let m = TOOL_GLOBS.get(p);
  if (m === undefined) {
    try {
      m = remember(TOOL_GLOBS, p, compileGlob(p, { dot: true, windows: false }));
    } catch {
      m = remember(TOOL_GLOBS, p, null);
    }
  }
  return m ? fromBool(m.test(n)) : 'no';
}

/** A value Amp would read off Object.prototype (`constructor`, `__proto__`, …): not modelled. */
const INHERITED = Symbol('inherited');
type Looked = unknown;

function own(obj: object, key: string): Looked {
  if (Object.prototype.hasOwnProperty.call(obj, key)) return (obj as Record<string, unknown>)[key];
  return key in Object.prototype || key === '__proto__' ? INHERITED : undefined;
}

/** `parseInt(s, 10)` for an index: leading spaces, a sign, digits. */
function parseIndex(s: string): number {
  const m = /^\s*([+-]?)(\d+)/.exec(s);
  if (!m) return NaN;
  const n = Number(m[2]);
  return m[1] === '-' ? -n : n;
}

/** `w4(obj, dotted)`: a path into nested objects and arrays (array steps by index). */
export function lookup(value: unknown, path: string): Looked {
  let r: unknown = value;
  for (const part of path.split('.')) {
    if (r === INHERITED) return INHERITED;
    if (r === null || r === undefined) return undefined;
    if (Array.isArray(r)) {
      const i = parseIndex(part);
      if (Number.isNaN(i) || i < 0 || i >= r.length) return undefined;
      r = r[i];
    } else if (typeof r === 'object') r = own(r, part);
    else return undefined;
  }
  return r;
}

/** `every` over tests in Amp's order: the first `no` or `throw` ends it; `unsure` before a `throw` leaves it open. */
function all(tests: Iterable<() => Test>): Test {
  let unsure = false;
  for (const t of tests) {
    const r = t();
    if (r === 'no') return 'no';
    if (r === 'throw') return unsure ? 'unsure' : 'throw';
    if (r === 'unsure') unsure = true;
  }
  return unsure ? 'unsure' : 'match';
}

/** `some` over tests: the first `match` or `throw` ends it. */
function any(tests: Iterable<() => Test>): Test {
  let unsure = false;
  for (const t of tests) {
    const r = t();
    if (r === 'match') return 'match';
    if (r === 'throw') return unsure ? 'unsure' : 'throw';
    if (r === 'unsure') unsure = true;
  }
  return unsure ? 'unsure' : 'no';
}

/** `p6(value, condition)`. */
export function conditionTest(value: Looked, cond: AmpCondition): Test {
  if (value === INHERITED) return 'unsure';
  if (typeof cond === 'string') return typeof value === 'string' ? stringTest(value, cond) : 'no';
  if (Array.isArray(cond)) return any(cond.map((e) => () => (typeof e === 'string' ? (typeof value === 'string' ? stringTest(value, e) : 'no') : value === e ? 'match' : 'no')));
  if (typeof cond === 'object' && cond !== null) {
    const keys = Object.keys(cond);
    if (keys.length === 0) return typeof value === 'object' && value !== null ? 'match' : 'no';
    if (typeof value !== 'object' || value === null) return 'no';
    return all(Object.entries(cond).map(([k, c]) => () => conditionTest(lookup(value, k), c)));
  }
  return value === cond ? 'match' : 'no';
}

/**
 * `U9t(entry, toolName, args, context)`: the tool pattern, the entry's context (when it names
 * one), then every `matches` key (a dotted key is a path into the input).
 * @example entryTest({ tool: 'Bash', action: 'allow', matches: { cmd: 'git *' } }, 'Bash', { cmd: 'git log' }, 'thread') // 'match'
 */
export function entryTest(entry: AmpEntry, tool: string, args: Record<string, unknown>, context: AmpContext): Test {
  const t = toolTest(tool, entry.tool);
  if (t !== 'match') return t;
  if (entry.context && entry.context !== context) return 'no';
  if (!entry.matches || Object.keys(entry.matches).length === 0) return 'match';
  return all(Object.entries(entry.matches).map(([k, c]) => () => conditionTest(k.includes('.') ? lookup(args, k) : own(args, k), c)));
}
