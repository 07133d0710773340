import type { NeutralRequest } from '../../requests/neutral';
import type { AmpRequest } from './types';

/**
 * A neutral call as Amp's tool call: a command is `Bash` `{cmd}`, a read `Read` `{path}`, a write
 * `edit_file` `{path}` (its guarded-file check included), a fetch `read_web_page` `{url}`, an MCP
 * tool `mcp__<server>__<tool>` with its input.
 * @example ampNeutralRequest({ kind: 'read', path: '.env' }) // { request: { tool: 'Read', args: { path: '.env' }, context: 'thread', interactive: true } }
 */
export function ampNeutralRequest(n: NeutralRequest): { request: AmpRequest } | { unsupported: string } {
  const base = { context: 'thread' as const, interactive: true };
  switch (n.kind) {
    case 'shell':
      return { request: { ...base, tool: 'Bash', args: { cmd: n.command } } };
    case 'read':
      return { request: { ...base, tool: 'Read', args: { path: n.path } } };
    case 'write':
      return { request: { ...base, tool: 'edit_file', args: { path: n.path } } };
    case 'fetch':
      return { request: { ...base, tool: 'read_web_page', args: { url: n.url } } };
    case 'mcp':
      return { request: { ...base, tool: `mcp__${n.server}__${n.tool}`, args: n.input ?? {} } };
  }
}
