import { atomsOf, compile, matches, type CompiledWildcard, type Wildcard } from '../../patterns/wildcard';

/** The only WebFetch specifier form the agent understands. */
export const DOMAIN_PREFIX = 'domain:';
/** The prefix every MCP tool name carries, and the separator between server and tool. */
export const MCP_PREFIX = 'mcp__';
export const MCP_SEPARATOR = '__';

/**
 * Normalizes a host for comparison: lower case, one trailing dot removed (DNS treats `a.com.` as `a.com`).
 * @example normalizeHost('Example.COM.') // 'example.com'
 */
export function normalizeHost(host: string): string {
  return host.trim().toLowerCase().replace(/\.$/, '');
}

/**
 * Compiles `domain:host` to the canonical form: `*.example.com` matches subdomains at any depth
 * (the `*` crosses dots) but not the apex `example.com`. Undefined when the prefix is missing.
 * @example matches(compileDomain('domain:*.a.com')!.compiled, 'x.y.a.com') // true
 */
export function compileDomain(specifier: string): { pattern: Wildcard; compiled: CompiledWildcard } | undefined {
  if (!specifier.startsWith(DOMAIN_PREFIX)) return undefined;
  const host = normalizeHost(specifier.slice(DOMAIN_PREFIX.length));
  const pattern: Wildcard = { source: specifier, alts: [atomsOf(host, { star: true, one: false })] };
  return { pattern, compiled: compile(pattern) };
}

/**
 * The host of a URL as the agent fetches it (a URL without a scheme is read as https); undefined
 * when it has none.
 * @example hostOf('https://user@Example.com.:8080/x') // 'example.com'
 */
export function hostOf(url: string): string | undefined {
  const hasScheme = /^[a-z][a-z0-9+.-]*:/i.test(url);
  for (const candidate of hasScheme ? [url] : [`https://${url}`]) {
    try {
      const u = new URL(candidate);
      if (u.hostname) return normalizeHost(u.hostname.replace(/^\[|\]$/g, ''));
    } catch {
      // try the next reading
    }
  }
  return undefined;
}

/** @example domainMatches(compileDomain('domain:a.com')!.compiled, 'a.com') // true */
export function domainMatches(compiled: CompiledWildcard, host: string): boolean {
  return matches(compiled, normalizeHost(host));
}

/**
 * Splits an MCP tool name into server and tool (`mcp__srv__tool`); undefined for non-MCP names.
 * @example splitMcpName('mcp__github__create_issue') // { server: 'github', tool: 'create_issue' }
 */
export function splitMcpName(name: string): { server: string; tool: string | null } | undefined {
  if (!name.startsWith(MCP_PREFIX)) return undefined;
  const rest = name.slice(MCP_PREFIX.length);
  const sep = rest.indexOf(MCP_SEPARATOR);
  if (sep < 0) return { server: rest, tool: null };
  const tool = rest.slice(sep + MCP_SEPARATOR.length);
  return { server: rest.slice(0, sep), tool: tool === '' || tool === '*' ? null : tool };
}

/**
 * Whether an MCP rule (`mcp__srv` ≡ `mcp__srv__*`, or `mcp__srv__tool`) matches a called tool name.
 * @example mcpMatches({ server: 'gh', tool: null }, 'mcp__gh__x') // true
 */
export function mcpMatches(rule: { server: string; tool: string | null }, toolName: string): boolean {
  const called = splitMcpName(toolName);
  if (!called || called.server !== rule.server) return false;
  if (rule.tool === null) return true;
  if (called.tool === null) return false;
  return matches(compile({ source: rule.tool, alts: [atomsOf(rule.tool, { star: true, one: false })] }), called.tool);
}
