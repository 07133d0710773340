import type { RequestInputHelp } from '../../requests/input';

/** A starting point and the first checks for a request typed in the editor. */
export const BOUNDS_RULES_REQUEST_INPUT: RequestInputHelp = {
  template: {
    history: [{ action: 'web.read', subject: 'docs.example', task: 'job-1', trust: 'untrusted', capability: 'read', at: '2026-01-01T10:00:00Z' }],
    proposal: { action: 'mail.send', subject: 'partner@example.com', task: 'job-1', capability: 'send', at: '2026-01-01T10:05:00Z' },
  },
  checks: [
    { field: 'proposal', is: 'object', message: '"proposal" must be a step object {action, subject, task, capability, at}' },
    { field: 'history', is: 'array', optional: true, message: '"history" must be an array of steps' },
  ],
};
