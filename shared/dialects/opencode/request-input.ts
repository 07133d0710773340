import type { RequestInputHelp } from '../../requests/input';

/** A starting point and the first checks for a request typed in the editor. */
export const OPENCODE_REQUEST_INPUT: RequestInputHelp = {
  template: { action: 'edit', resources: ['src/main.ts'] },
  checks: [
    { field: 'action', is: 'string', message: '"action" must be a string, e.g. "edit"' },
    { field: 'resources', is: 'string[]', message: '"resources" must be an array of strings, e.g. ["src/main.ts"]' },
  ],
};
