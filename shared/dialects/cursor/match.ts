import { posix } from 'path';
import { atomsOf, matchesPattern, type Wildcard } from '../../patterns/wildcard';
import { compileGlob, type GlobMatcher } from '../../patterns/glob';
import type { CursorRule } from './types';

/** An answer that may be undecided (a glob over its budget, a path whose place is unknown). */
export type Maybe = boolean | undefined;

const WILDCARDS = new Map<string, Wildcard>();
/** A Shell glob: `*` any run of characters, `?` one (the docs name `*`, `**` and `?`). */
export function shellGlob(text: string): Wildcard {
  let w = WILDCARDS.get(text);
  if (!w) {
    w = { source: text, alts: [atomsOf(text, { star: true, one: true })] };
    if (WILDCARDS.size > 4096) WILDCARDS.clear();
    WILDCARDS.set(text, w);
  }
  return w;
}

/** @example globMatches('git*', 'git') // true */
export function globMatches(glob: string, text: string): boolean {
  return matchesPattern(shellGlob(glob), text);
}

/** Wrapper commands whose operand is the command that really runs (for denies only). */
export const WRAPPERS: readonly string[] = ['sudo', 'doas', 'env', 'command', 'builtin', 'exec', 'nohup', 'time', 'nice', 'ionice', 'timeout', 'stdbuf', 'xargs', 'setsid', 'chronic', 'unbuffer'];

/**
 * Where the commands a deny is tried on start: the first word, then the word after each leading
 * wrapper (`sudo rm`, `env X=1 rm`, `timeout 5 rm`) with the wrapper's options and operands skipped.
 * @example commandStarts(['sudo', '-u', 'root', 'rm', '-rf', 'x']) // [0, 3]
 */
export function commandStarts(words: readonly string[]): number[] {
  const out = [0];
  let i = 0;
  while (i < words.length && WRAPPERS.includes(posix.basename(words[i]))) {
    i++;
    while (i < words.length && (words[i].startsWith('-') || /^[a-z_]\w*=/i.test(words[i]) || /^\d+(?:\.\d+)?[smhd]?$/.test(words[i]))) i++;
    if (i < words.length) out.push(i);
  }
  return out;
}

/**
 * Whether a Shell rule covers one simple command given as its words: the commandBase glob against
 * the first word and, with `command:args`, the args glob against the rest joined by spaces. The
 * command may start at `start` (after a wrapper), its first word read as `first` (a basename);
 * `argsOf` gives the joined rest for a start, so a long command is joined once, not per rule.
 * @example shellRuleMatches({ commandBase: 'curl', args: '*' }, ['curl', '-s', 'x']) // true
 */
export function shellRuleMatches(rule: Pick<CursorRule, 'commandBase' | 'args'>, words: readonly string[], start = 0, first = words[start], argsOf?: (start: number) => string): boolean {
  if (words.length <= start || first === undefined || rule.commandBase === undefined) return false;
  if (!globMatches(rule.commandBase, first)) return false;
  return rule.args === undefined || globMatches(rule.args, argsOf ? argsOf(start) : words.slice(start + 1).join(' '));
}

/**
 * The rest of a command's words after each start, joined by spaces, made once per start.
 * @example joinedArgs(['git', 'log', '-1'])(0) // 'log -1'
 */
export function joinedArgs(words: readonly string[]): (start: number) => string {
  const made = new Map<number, string>();
  return (start) => {
    let s = made.get(start);
    if (s === undefined) made.set(start, (s = words.slice(start + 1).join(' ')));
    return s;
  };
}

const GLOBS = new Map<string, GlobMatcher | null>();
function globOf(glob: string, dot: boolean): GlobMatcher | null {
  const key = `${dot ? 1 : 0}${glob}`;
  let m = GLOBS.get(key);
  if (m === undefined) {
    try {
      m = compileGlob(glob, { dot, windows: false });
    } catch {
      m = null;
    }
    if (GLOBS.size > 4096) GLOBS.clear();
    GLOBS.set(key, m);
  }
  return m;
}

/** A request path in both of its forms: relative to the workspace (when inside it) and absolute (when the workspace is known). */
export interface PlacedPath {
  rel?: string;
  abs?: string;
}

/**
 * Places a request path: relative paths are scoped to the workspace (docs: "Relative paths are
 * scoped to the current workspace"), absolute ones may lie outside it.
 * @example placePath('src/a.ts', '/p') // { rel: 'src/a.ts', abs: '/p/src/a.ts' }
 */
export function placePath(path: string, workspace: string | undefined): PlacedPath {
  const ws = workspace ? posix.normalize(workspace).replace(/\/$/, '') || '/' : undefined;
  if (path.startsWith('/')) {
    const abs = posix.normalize(path);
    if (ws && (abs === ws || abs.startsWith(`${ws}/`))) return { abs, rel: abs === ws ? '.' : abs.slice(ws.length + 1) };
    return { abs };
  }
  const rel = posix.normalize(path);
  if (rel === '..' || rel.startsWith('../')) return ws ? { abs: posix.join(ws, rel) } : {};
  return ws ? { rel, abs: posix.join(ws, rel) } : { rel };
}

/**
 * Whether a Read/Write rule's glob covers a placed path: relative globs against the path inside
 * the workspace, absolute ones (and `~/…` with a known home) against the absolute path. `dot`:
 * whether `*` covers names starting with a dot (the docs do not say; denies do, allows do not).
 * Undefined when it cannot be told (the path's absolute place, or the home, is unknown; a glob
 * over its budget).
 * @example pathRuleMatches('src/**', { rel: 'src/a.ts' }, undefined, false) // true
 */
export function pathRuleMatches(glob: string, at: PlacedPath, home: string | undefined, dot: boolean): Maybe {
  let g = glob;
  if (g === '~' || g.startsWith('~/')) {
    if (!home) return undefined;
    g = posix.join(home, g.slice(1));
  }
  const absolute = g.startsWith('/');
  const input = absolute ? at.abs : at.rel;
  if (input === undefined) return absolute ? undefined : false;
  const m = globOf(absolute ? g : g.replace(/^\.\//, ''), dot);
  return m ? m.test(input) : false;
}

/** The host of a URL (lower-cased), or of a bare host name; undefined when it has none. */
export function hostOf(url: string): string | undefined {
  try {
    return new URL(url).hostname.toLowerCase() || undefined;
  } catch {
    try {
      return new URL(`https://${url}`).hostname.toLowerCase() || undefined;
    } catch {
      return undefined;
    }
  }
}

/**
 * A WebFetch rule against a host. An allow covers exactly the host it names (the docs show domain
 * entries; a wider reading is not documented, so an allow never widens); a deny also covers the
 * host's subdomains and globs (`*.example.com`).
 * @example webRuleMatches('docs.python.org', 'docs.python.org', 'allow') // true
 */
export function webRuleMatches(argument: string, host: string, native: 'allow' | 'deny'): boolean {
  const a = argument.trim().toLowerCase();
  if (native === 'allow') return !/[*?/:@]/.test(a) && a === host;
  const ruleHost = /[*?]/.test(a) ? a : hostOf(a) ?? a;
  if (/[*?]/.test(ruleHost)) return globMatches(ruleHost, host) || globMatches(ruleHost.replace(/^\*\./, ''), host);
  return host === ruleHost || host.endsWith(`.${ruleHost}`);
}

/** An Mcp rule's server and tool names against a call (`*` stands for any). */
export function mcpRuleMatches(rule: Pick<CursorRule, 'server' | 'tool'>, server: string, tool: string): boolean {
  const one = (p: string | undefined, v: string) => p !== undefined && (p === '*' || globMatches(p, v));
  return one(rule.server, server) && one(rule.tool, tool);
}
