import type { DialectRequest, NeutralRequest } from '../../requests/neutral';
import { formatMcpName } from './mcp';
import { SHELL_TOOL, type GeminiRequest } from './types';

/**
 * A neutral call as Gemini CLI's tool call, with the argument names its tools declare
 * (@google/gemini-cli-core@0.61.0, tools/definitions/base-declarations.js: `file_path`, `prompt`).
 * @example geminiNeutralRequest({ kind: 'read', path: '.env' }) // { request: { tool: 'read_file', args: { file_path: '.env' }, … } }
 */
export function geminiNeutralRequest(n: NeutralRequest): DialectRequest<GeminiRequest> {
  const call = (tool: string, args: Record<string, unknown>, extra: Partial<GeminiRequest> = {}): DialectRequest<GeminiRequest> => ({ request: { tool, args, mode: 'default', interactive: true, ...extra } });
  switch (n.kind) {
    case 'shell':
      return call(SHELL_TOOL, { command: n.command });
    case 'read':
      return call('read_file', { file_path: n.path });
    case 'write':
      return call('write_file', { file_path: n.path, content: '' });
    case 'fetch':
      // web_fetch takes the URL inside its prompt.
      return call('web_fetch', { prompt: n.url });
    case 'mcp':
      return call(formatMcpName(n.server, n.tool), n.input ?? {}, { server: n.server });
  }
}
