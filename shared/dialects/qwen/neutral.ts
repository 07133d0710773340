import type { DialectRequest, NeutralRequest } from '../../requests/neutral';
import type { QwenRequest } from './types';

/**
 * A neutral call as Qwen Code's tool call, in its default approval mode: `run_shell_command`,
 * `read_file`, `write_file`, `web_fetch`. MCP calls are not mapped: Qwen names a server's tools by
 * its own discovery, which the settings file does not show.
 * @example qwenNeutralRequest({ kind: 'read', path: '.env' }) // { request: { tool: 'read_file', path: '.env', mode: 'default' } }
 */
export function qwenNeutralRequest(n: NeutralRequest): DialectRequest<QwenRequest> {
  switch (n.kind) {
    case 'shell':
      return { request: { tool: 'run_shell_command', command: n.command, mode: 'default' } };
    case 'read':
      return { request: { tool: 'read_file', path: n.path, mode: 'default' } };
    case 'write':
      return { request: { tool: 'write_file', path: n.path, mode: 'default' } };
    case 'fetch':
      return { request: { tool: 'web_fetch', url: n.url, mode: 'default' } };
    case 'mcp':
      return { unsupported: "Qwen Code names an MCP server's tools as it discovers them; RuleLens does not map an MCP call for it" };
  }
}
