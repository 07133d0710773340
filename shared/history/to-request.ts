import { CLAUDE_MODES, MODE_ALIASES } from '../dialects/claude/types';
import { splitCommand } from '../dialects/claude/sub-commands';
import type { HistoryEntry, Observation } from './types';

/** The dialects whose requests a history call can become. */
export const HISTORY_DIALECTS = ['claude', 'opencode', 'omp'] as const;
export type HistoryDialect = (typeof HISTORY_DIALECTS)[number];

type Call = HistoryEntry['call'];

/** OpenCode permission names per Claude Code tool name. */
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

/**
 * The request fields for a call in a dialect, or a reason it has no such request.
 * @example dialectFields({ tool: 'Bash', command: 'ls', outcome: 'approved', format: 'claude-session' }, 'opencode') // { action: 'bash', resources: ['ls'] }
 */
export function dialectFields(c: Call, dialect: HistoryDialect): Record<string, unknown> | string {
  if (dialect === 'claude') {
    const out: Record<string, unknown> = { tool: c.tool };
    if (c.command !== undefined) out.command = c.command;
    else if (c.path !== undefined) out.path = c.path;
    else if (c.url !== undefined) out.url = c.url;
    else out.input = c.input ?? {};
    const mode = c.mode !== undefined ? (MODE_ALIASES[c.mode] ?? c.mode) : undefined;
    if (mode && (CLAUDE_MODES as readonly string[]).includes(mode)) out.mode = mode;
    if (c.cwd !== undefined) out.cwd = c.cwd;
    return out;
  }
  if (dialect === 'opencode') {
    const action = OPENCODE_ACTIONS[c.tool] ?? c.tool;
    // OpenCode asks once per command of a shell line, each command's text a resource.
    if (action === 'bash' && c.command !== undefined) return { action, resources: shellCommands(c.command) };
    const subject = c.command ?? c.path ?? c.url;
    // OpenCode asks with the call's pattern; a tool without one is asked with "*".
    return { action, resources: [subject ?? '*'] };
  }
  if (c.tool === 'Bash') return c.command !== undefined ? { command: c.command } : 'a Bash call without a command';
  return { tool: c.tool.toLowerCase() };
}

/**
 * The neutral call a stored request describes, from any of the three request shapes.
 * @example callOf({ action: 'bash', resources: ['ls'] }) // { tool: 'Bash', command: 'ls' }
 */
export function callOf(fields: Record<string, unknown>): Pick<Observation, 'tool' | 'command' | 'path' | 'url' | 'input' | 'mode' | 'cwd'> | undefined {
  const s = (v: unknown) => (typeof v === 'string' ? v : undefined);
  if (typeof fields.action === 'string' && Array.isArray(fields.resources)) {
    const tool = Object.entries(OPENCODE_ACTIONS).find(([, a]) => a === fields.action)?.[0] ?? fields.action;
    const r = s(fields.resources[0]);
    if (tool === 'Bash') return r === undefined ? undefined : { tool, command: r };
    if (tool === 'Read' || tool === 'Edit') return r === undefined ? undefined : { tool, path: r };
    if (tool === 'WebFetch') return r === undefined ? undefined : { tool, url: r };
    return { tool, input: {} };
  }
  if (typeof fields.tool === 'string' && /^[A-Z]|^mcp__/.test(fields.tool)) {
    const out: ReturnType<typeof callOf> = { tool: fields.tool };
    for (const k of ['command', 'path', 'url', 'mode', 'cwd'] as const) if (s(fields[k]) !== undefined) out[k] = s(fields[k]);
    if (fields.input && typeof fields.input === 'object') out.input = fields.input as Record<string, unknown>;
    return out;
  }
  if (typeof fields.command === 'string') return { tool: 'Bash', command: fields.command };
  return undefined;
}

/** The simple commands of a shell line (the whole line when it cannot be split). */
function shellCommands(command: string): string[] {
  const parts = splitCommand(command).subcommands.map((s) => s.text.trim()).filter(Boolean);
  return parts.length ? parts : [command];
}
