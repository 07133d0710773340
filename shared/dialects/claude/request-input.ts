import type { RequestInputHelp } from '../../requests/input';

/** A starting point and the first checks for a request typed in the editor. */
export const CLAUDE_REQUEST_INPUT: RequestInputHelp = {
  template: { tool: 'Bash', command: 'git status' },
  checks: [
    { field: 'tool', is: 'string', message: '"tool" must be a string, e.g. "Bash" or "Read"' },
    { anyOf: ['command', 'path', 'url', 'input'], message: 'give one of "command", "path", "url" or "input"' },
  ],
};
