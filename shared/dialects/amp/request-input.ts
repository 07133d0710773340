import type { RequestInputHelp } from '../../requests/input';

/** A starting point and the first checks for a request typed in the editor. */
export const AMP_REQUEST_INPUT: RequestInputHelp = {
  template: { tool: 'Bash', args: { cmd: 'git status' } },
  checks: [
    { field: 'tool', is: 'string', message: '"tool" must be a string, e.g. "Bash"' },
    { field: 'args', is: 'object', optional: true, message: '"args" must be an object, e.g. {"cmd": "git status"}' },
    { field: 'context', oneOf: ['thread', 'subagent'], message: '"context" must be thread or subagent' },
  ],
};
