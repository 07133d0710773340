import { posix } from 'path';

/**
 * How Copilot CLI 1.0.102 matches its permission patterns, as observed on the binary (its engine is
 * compiled Rust in `runtime.node`, `permissions_base/{rules,url}.rs`). Where a behaviour was not
 * observed, an allow pattern matches less and a deny pattern more, so nothing unproven is allowed.
 */

/**
 * The text without its trailing slashes (a loop: a `/\/+$/` test is quadratic on a long run of slashes).
 * @example trimSlashes('/a/b//') // '/a/b'
 */
export function trimSlashes(s: string): string {
  let end = s.length;
  while (end > 0 && s[end - 1] === '/') end--;
  return s.slice(0, end);
}

/** Programs whose command identifier is the program and its first-level subcommand. */
export const SUBCOMMAND_PROGRAMS: readonly string[] = ['git', 'gh'];

/**
 * The command identifier `shell(…)` without `:*` compares against: the program, or for git and gh
 * the program and its first subcommand; undefined when an option comes before the subcommand.
 * @example commandIdentifier(['git', 'push', '--force']) // 'git push'
 */
export function commandIdentifier(words: readonly string[]): string | undefined {
  if (words.length === 0) return undefined;
  if (!SUBCOMMAND_PROGRAMS.includes(words[0])) return words[0];
  if (words.length === 1) return words[0];
  return words[1].startsWith('-') ? undefined : `${words[0]} ${words[1]}`;
}

/**
 * Whether a `shell(…)` argument covers a command's words: none = every command; `stem:*` = the
 * command's words start with the stem's words; otherwise the argument is the command identifier.
 * @example shellMatches('git:*', ['git', 'commit'], 'allow') // true
 */
export function shellMatches(argument: string | undefined, words: readonly string[], use: 'allow' | 'deny'): boolean {
  if (argument === undefined) return true;
  const arg = argument.trim();
  if (arg.endsWith(':*')) {
    const stem = arg.slice(0, -2).trim().split(/\s+/).filter(Boolean);
    return stem.length > 0 && stem.every((w, i) => words[i] === w);
  }
  const id = commandIdentifier(words);
  if (id !== undefined) return id === arg.split(/\s+/).join(' ');
  // An option before git's subcommand: not observed. A deny naming the program still counts.
  return use === 'deny' && arg.split(/\s+/)[0] === words[0];
}

/** A URL pattern after Copilot's normalisation: `https://` when no scheme is written. */
export interface UrlPattern {
  scheme: string;
  host: string;
  /** `*.example.com`: any subdomain. */
  wildcard: boolean;
  port: string;
  path: string;
}

/**
 * `--allow-url` / `--deny-url` / `url(…)` values as `urlPermissionsNormalizeUrlPattern` reads them.
 * @example urlPattern('*.github.com') // { scheme: 'https', host: 'github.com', wildcard: true, port: '', path: '' }
 */
export function urlPattern(value: string): UrlPattern | undefined {
  const v = value.trim();
  const m = /^(?:([A-Z][A-Z0-9+.-]*):\/\/)?(\*\.)?([^/:?#]+)(?::(\d+))?(\/[^?#]*)?$/i.exec(v);
  if (!m || m[3] === '') return undefined;
  return { scheme: (m[1] ?? 'https').toLowerCase(), wildcard: m[2] !== undefined, host: m[3].toLowerCase(), port: m[4] ?? '', path: m[5] && m[5] !== '/' ? trimSlashes(m[5]) : '' };
}

/**
 * Whether a URL pattern covers a URL. Protocol-aware; a path in the pattern covers that path (and,
 * for a deny, what is below it); `*.` covers the domain and its subdomains; a bare domain's
 * subdomains count only for a deny (an allow of example.com does not cover api.example.com).
 * @example urlMatches(urlPattern('example.com')!, 'https://example.com/x', 'allow') // true
 */
export function urlMatches(p: UrlPattern, url: string, use: 'allow' | 'deny'): boolean {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return use === 'deny';
  }
  if (u.protocol.replace(/:$/, '') !== p.scheme) return false;
  const host = u.hostname.toLowerCase();
  const sub = host.endsWith(`.${p.host}`);
  // `*.example.com` covers example.com itself too (observed for allow and deny).
  const hostOk = p.wildcard ? sub || host === p.host : host === p.host || (use === 'deny' && sub);
  if (!hostOk) return false;
  if (p.port && u.port !== p.port) return use === 'deny';
  if (!p.path) return true;
  const path = trimSlashes(u.pathname);
  return path === p.path || (use === 'deny' && path.startsWith(`${p.path}/`));
}

/**
 * Whether a `write(…)` / `read(…)` argument covers an absolute path: none = every path; an
 * absolute argument names one location; a relative one matches by trailing path components.
 * @example pathMatches('.env', '/p/sub/.env', '/p', 'allow') // true
 */
export function pathMatches(argument: string | undefined, abs: string, use: 'allow' | 'deny'): boolean {
  if (argument === undefined) return true;
  const arg = trimSlashes(argument);
  if (arg.startsWith('/')) return abs === posix.normalize(arg) || (use === 'deny' && abs.startsWith(`${posix.normalize(arg)}/`));
  const tail = posix.normalize(arg).replace(/^\.\//, '');
  return abs === tail || abs.endsWith(`/${tail}`) || (use === 'deny' && abs.includes(`/${tail}/`));
}

/** Whether `abs` is `dir` or inside it. */
export function inside(abs: string, dir: string): boolean {
  const d = trimSlashes(dir);
  return abs === d || abs.startsWith(`${d}/`);
}
