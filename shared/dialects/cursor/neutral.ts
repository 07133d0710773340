import type { NeutralRequest } from '../../requests/neutral';
import type { CursorRequest } from './types';

/**
 * A neutral call ("run this command", "read/write this path", "fetch this URL", "call this MCP
 * tool") as Cursor CLI's request.  * @example cursorNeutralRequest({ kind: 'shell', command: 'git push' }) // { request: { tool: 'Shell', command: 'git push', printMode: false, force: false } }
 */
export function cursorNeutralRequest(n: NeutralRequest): { request: CursorRequest } | { unsupported: string } {
  const base = { printMode: false, force: false };
  switch (n.kind) {
    case 'shell':
      return { request: { ...base, tool: 'Shell', command: n.command } };
    case 'read':
      return { request: { ...base, tool: 'Read', path: n.path } };
    case 'write':
      return { request: { ...base, tool: 'Write', path: n.path } };
    case 'fetch':
      return { request: { ...base, tool: 'WebFetch', url: n.url } };
    case 'mcp':
      return { request: { ...base, tool: 'Mcp', server: n.server, mcpTool: n.tool } };
  }
}
