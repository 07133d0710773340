/** Gemini's prefix for MCP tool names: `mcp_<server>_<tool>`. */
export const MCP_PREFIX = 'mcp_';

/**
 * The server of an `mcp_<server>_<tool>` name: everything up to the first `_` after the prefix,
 * which is why a server name with `_` cannot be addressed this way.
 * @example mcpServerOf('mcp_github_create_issue') // 'github'
 */
export function mcpServerOf(name: string): string | undefined {
  if (!name.startsWith(MCP_PREFIX)) return undefined;
  const rest = name.slice(MCP_PREFIX.length);
  const cut = rest.indexOf('_');
  return cut > 0 && cut < rest.length - 1 ? rest.slice(0, cut) : undefined;
}

/** @example formatMcpName('github', 'create_issue') // 'mcp_github_create_issue' */
export function formatMcpName(server: string, tool: string | undefined): string {
  if (server === '*' && (tool === undefined || tool === '*')) return `${MCP_PREFIX}*`;
  if (server === '*') return `${MCP_PREFIX}*_${tool}`;
  if (tool === undefined || tool === '*') return `${MCP_PREFIX}${server}_*`;
  return `${MCP_PREFIX}${server}_${tool}`;
}
