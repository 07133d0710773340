import type { RequestInputHelp } from '../../requests/input';

/** A starting point and the first checks for a request typed in the editor. */
export const QWEN_REQUEST_INPUT: RequestInputHelp = {
  template: { tool: 'Bash', command: 'git status', mode: 'default' },
  checks: [
    { field: 'tool', is: 'string', message: '"tool" must be a string, e.g. "Bash", "Read", "Edit"' },
    { field: 'mode', oneOf: ['default', 'auto-edit', 'plan', 'yolo', 'auto'], message: '"mode" must be default, auto-edit, plan, yolo or auto' },
  ],
};
