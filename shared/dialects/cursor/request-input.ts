import type { RequestInputHelp } from '../../requests/input';

/** A starting point and the first checks for a request typed in the editor. */
export const CURSOR_REQUEST_INPUT: RequestInputHelp = {
  template: { tool: 'Shell', command: 'git status' },
  checks: [
    { field: 'tool', oneOf: ['Shell', 'Read', 'Write', 'WebFetch', 'Mcp'], message: '"tool" must be Shell, Read, Write, WebFetch or Mcp' },
    { field: 'tool', is: 'string', message: '"tool" must be a string, e.g. "Shell"' },
    { anyOf: ['command', 'path', 'url', 'server'], message: 'name what the call touches: "command", "path", "url" or "server" + "mcpTool"' },
  ],
};
