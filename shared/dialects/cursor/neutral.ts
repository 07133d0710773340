import type { CursorRequest } from './types';

/**
 * A neutral call ("run this command", "read/write this path", "fetch this URL", "call this MCP
 * tool") as Cursor CLI's request. Written against the neutral request's shape so that, once
 * `shared/requests/neutral.ts` is on main, `neutralRequest: cursorNeutralRequest` in index.ts is the
 * whole wiring (the type below is structurally `NeutralRequest`, the result `DialectRequest`).
 * @example cursorNeutralRequest({ kind: 'shell', command: 'git push' }) // { request: { tool: 'Shell', command: 'git push', printMode: false, force: false } }
 */
export function cursorNeutralRequest(n: NeutralCall): { request: CursorRequest } | { unsupported: string } {
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

/** The neutral request's shape (`NeutralRequest` in requests/neutral.ts, not on main yet). */
export type NeutralCall =
  | { kind: 'shell'; command: string }
  | { kind: 'read'; path: string }
  | { kind: 'write'; path: string }
  | { kind: 'fetch'; url: string }
  | { kind: 'mcp'; server: string; tool: string; input?: Record<string, unknown> };
