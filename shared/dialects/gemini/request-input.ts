import type { RequestInputHelp } from '../../requests/input';

/** A starting point and the first checks for a request typed in the editor. */
export const GEMINI_REQUEST_INPUT: RequestInputHelp = {
  template: { tool: 'run_shell_command', args: { command: 'git status' }, mode: 'default' },
  checks: [
    { field: 'tool', is: 'string', message: '"tool" must be a string, e.g. "run_shell_command"' },
    { field: 'args', is: 'object', optional: true, message: '"args" must be an object, e.g. {"command": "git status"}' },
    { field: 'mode', oneOf: ['default', 'autoEdit', 'yolo', 'plan'], message: '"mode" must be default, autoEdit, yolo or plan' },
  ],
};
