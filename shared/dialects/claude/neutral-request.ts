import type { DialectRequest, NeutralRequest } from '../../requests/neutral';
import type { ClaudeRequest } from './types';

/**
 * A neutral call as Claude Code's tool call: `Bash`, `Read`, `Write` (decided by `Edit(…)` rules),
 * `WebFetch`, `mcp__<server>__<tool>`.
 * @example claudeNeutralRequest({ kind: 'shell', command: 'git push' }) // { request: { tool: 'Bash', command: 'git push' } }
 */
export function claudeNeutralRequest(n: NeutralRequest): DialectRequest<ClaudeRequest> {
  switch (n.kind) {
    case 'shell':
      return { request: { tool: 'Bash', command: n.command } };
    case 'read':
      return { request: { tool: 'Read', path: n.path } };
    case 'write':
      return { request: { tool: 'Write', path: n.path } };
    case 'fetch':
      return { request: { tool: 'WebFetch', url: n.url } };
    case 'mcp':
      return { request: { tool: `mcp__${n.server}__${n.tool}`, input: n.input ?? {} } };
  }
}
