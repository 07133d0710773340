import type { DialectRequest, NeutralRequest } from '../../requests/neutral';
import type { OpencodeRequest } from './rules';

/**
 * A neutral call as OpenCode's permission request: the action and the resource its tool asks with
 * (`bash` the command, `read`/`edit` the path, `webfetch` the URL).
 * @example opencodeNeutralRequest({ kind: 'write', path: 'src/a.ts' }) // { request: { action: 'edit', resources: ['src/a.ts'] } }
 */
export function opencodeNeutralRequest(n: NeutralRequest): DialectRequest<OpencodeRequest> {
  switch (n.kind) {
    case 'shell':
      return { request: { action: 'bash', resources: [n.command] } };
    case 'read':
      return { request: { action: 'read', resources: [n.path] } };
    case 'write':
      return { request: { action: 'edit', resources: [n.path] } };
    case 'fetch':
      return { request: { action: 'webfetch', resources: [n.url] } };
    case 'mcp':
      return { unsupported: 'RuleLens does not model how OpenCode asks before an MCP tool runs' };
  }
}
