import { splitCommand } from '../../claude';
import type { ObservedCall, StoredCall } from '../../dialect';

/** OpenCode permission names per Claude Code tool name (the neutral call names its tool so). */
const OPENCODE_ACTIONS: Readonly<Record<string, string>> = {
  Bash: 'bash',
  Read: 'read',
  Edit: 'edit',
  Write: 'edit',
  MultiEdit: 'edit',
  NotebookEdit: 'edit',
  WebFetch: 'webfetch',
  WebSearch: 'websearch',
  Glob: 'glob',
  Grep: 'grep',
  LS: 'list',
  Task: 'task',
};

/** A stored `{action, resources}` request pins two fields: it outranks the other shapes. */
const OPENCODE_SPECIFICITY = 3;

/**
 * The OpenCode request for an observed call.
 * @example opencodeHistoryFields({ tool: 'Bash', command: 'ls', outcome: 'approved', format: 'claude-session' }) // { action: 'bash', resources: ['ls'] }
 */
export function opencodeHistoryFields(c: ObservedCall): Record<string, unknown> | string {
  const action = OPENCODE_ACTIONS[c.tool] ?? c.tool;
  // OpenCode asks once per command of a shell line, each command's text a resource.
  if (action === 'bash' && c.command !== undefined) return { action, resources: shellCommands(c.command) };
  const subject = c.command ?? c.path ?? c.url;
  // OpenCode asks with the call's pattern; a tool without one is asked with "*".
  return { action, resources: [subject ?? '*'] };
}

/**
 * The neutral call an `{action, resources}` request describes.
 * @example opencodeStoredCall({ action: 'bash', resources: ['ls'] })?.call // { tool: 'Bash', command: 'ls' }
 */
export function opencodeStoredCall(fields: Readonly<Record<string, unknown>>): { call: StoredCall | undefined; specificity: number } | undefined {
  if (typeof fields.action !== 'string' || !Array.isArray(fields.resources)) return undefined;
  return { call: callOf(fields.action, fields.resources), specificity: OPENCODE_SPECIFICITY };
}

function callOf(action: string, resources: unknown[]): StoredCall | undefined {
  const tool = Object.entries(OPENCODE_ACTIONS).find(([, a]) => a === action)?.[0] ?? action;
  const r = typeof resources[0] === 'string' ? resources[0] : undefined;
  if (tool === 'Bash') return r === undefined ? undefined : { tool, command: r };
  if (tool === 'Read' || tool === 'Edit') return r === undefined ? undefined : { tool, path: r };
  if (tool === 'WebFetch') return r === undefined ? undefined : { tool, url: r };
  return { tool, input: {} };
}

/** The simple commands of a shell line (the whole line when it cannot be split). */
function shellCommands(command: string): string[] {
  const parts = splitCommand(command).subcommands.map((s) => s.text.trim()).filter(Boolean);
  return parts.length ? parts : [command];
}
