import type { DialectRequest, NeutralRequest } from '../../requests/neutral';
import type { OmpRequest } from './rules';

/**
 * A neutral call as oh-my-pi's approval check: the `bash` tool with its command, or the `read` /
 * `write` tool (decided by tier and mode; bash patterns do not apply to them).
 * @example ompNeutralRequest({ kind: 'shell', command: 'rm -rf /' }) // { request: { command: 'rm -rf /' } }
 */
export function ompNeutralRequest(n: NeutralRequest): DialectRequest<OmpRequest> {
  switch (n.kind) {
    case 'shell':
      return { request: { command: n.command } };
    case 'read':
      return { request: { command: '', tool: 'read' } };
    case 'write':
      return { request: { command: '', tool: 'write' } };
    default:
      return { unsupported: `RuleLens does not model oh-my-pi's ${n.kind === 'mcp' ? 'MCP' : 'fetch'} tools` };
  }
}
