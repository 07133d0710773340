import type { RequestInputHelp } from '../../requests/input';

/** A starting point and the first checks for a request typed in the editor. */
export const OMP_REQUEST_INPUT: RequestInputHelp = {
  template: { command: 'git status', mode: 'yolo' },
  checks: [
    { field: 'command', is: 'string', message: '"command" must be a string' },
    { field: 'mode', oneOf: ['always-ask', 'write', 'yolo'], message: '"mode" must be always-ask, write or yolo' },
  ],
};
