import type { ObservedCall, StoredCall } from '../dialect';

/** A bare `command` is the least specific stored shape: a Claude Code `Bash` request has one too. */
const OMP_SPECIFICITY = 1;

/**
 * The oh-my-pi request for an observed call: a shell command, or the tool alone.
 * @example ompHistoryFields({ tool: 'Bash', command: 'ls', outcome: 'approved', format: 'claude-session' }) // { command: 'ls' }
 */
export function ompHistoryFields(c: ObservedCall): Record<string, unknown> | string {
  if (c.tool === 'Bash') return c.command !== undefined ? { command: c.command } : 'a Bash call without a command';
  return { tool: c.tool.toLowerCase() };
}

/**
 * The neutral call a `{command}` request describes.
 * @example ompStoredCall({ command: 'ls' })?.call // { tool: 'Bash', command: 'ls' }
 */
export function ompStoredCall(fields: Readonly<Record<string, unknown>>): { call: StoredCall; specificity: number } | undefined {
  return typeof fields.command === 'string' ? { call: { tool: 'Bash', command: fields.command }, specificity: OMP_SPECIFICITY } : undefined;
}
