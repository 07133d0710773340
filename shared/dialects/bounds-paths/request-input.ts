import type { RequestInputHelp } from '../../requests/input';

/** A starting point and the first checks for a request typed in the editor. */
export const BOUNDS_PATHS_REQUEST_INPUT: RequestInputHelp = {
  template: { tool: 'file.read', args: { path: 'src/main.ts' } },
  checks: [
    { field: 'tool', is: 'string', message: '"tool" must be a string, e.g. "file.read"' },
    { field: 'args', is: 'object', message: '"args" must be an object, e.g. {"path": "src/main.ts"}' },
  ],
};
