import type { RequestInputHelp } from '../../requests/input';

/** A starting point and the first checks for a request typed in the editor. */
export const CODEX_REQUEST_INPUT: RequestInputHelp = {
  template: { command: ['git', 'status'] },
  checks: [{ field: 'command', is: 'string|string[]', message: '"command" must be an argv array, e.g. ["git", "status"], or a string' }],
};
