import type { DialectRequest, NeutralRequest } from '../../requests/neutral';
import type { CodexRequest } from './types';

/**
 * A neutral shell command as Codex runs the model's command: `bash -lc SCRIPT`, which its exec
 * policy splits into plain commands when it can. Codex's rules judge commands only: reads, writes,
 * fetches and MCP calls are the sandbox's and the approval mode's, not a rule's.
 * @example codexNeutralRequest({ kind: 'shell', command: 'git push' }) // { request: { command: ['bash', '-lc', 'git push'] } }
 */
export function codexNeutralRequest(n: NeutralRequest): DialectRequest<CodexRequest> {
  if (n.kind === 'shell') return { request: { command: ['bash', '-lc', n.command] } };
  return { unsupported: `Codex's rules decide commands only; a ${n.kind === 'mcp' ? 'MCP call' : n.kind === 'fetch' ? 'fetch' : `file ${n.kind}`} is left to its sandbox and approval mode` };
}
