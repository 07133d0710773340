import type { RequestInputHelp } from '../../requests/input';

/** A starting point and the first checks for a request typed in the editor. */
export const COPILOT_REQUEST_INPUT: RequestInputHelp = {
  template: { tool: 'bash', command: 'git status' },
  checks: [{ field: 'tool', is: 'string', message: '"tool" must be a string, e.g. "bash", "create", "web_fetch"' }],
};
