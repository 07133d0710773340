import type { ObservedCall, StoredCall } from '../../dialect';
import { CLAUDE_MODES, MODE_ALIASES } from '../types';

/** A stored request whose `tool` is a Claude Code name pins the tool: it outranks a bare `command`. */
const CLAUDE_SPECIFICITY = 2;

/**
 * The Claude Code request for an observed call (the neutral call already names Claude Code's tools).
 * @example claudeHistoryFields({ tool: 'Bash', command: 'ls', outcome: 'approved', format: 'claude-session' }) // { tool: 'Bash', command: 'ls' }
 */
export function claudeHistoryFields(c: ObservedCall): Record<string, unknown> | string {
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

/**
 * The neutral call a Claude Code request (`tool` a Claude Code or MCP tool name) describes.
 * @example claudeStoredCall({ tool: 'Read', path: 'a.ts' })?.call // { tool: 'Read', path: 'a.ts' }
 */
export function claudeStoredCall(fields: Readonly<Record<string, unknown>>): { call: StoredCall; specificity: number } | undefined {
  if (typeof fields.tool !== 'string' || !/^[A-Z]|^mcp__/.test(fields.tool)) return undefined;
  const s = (v: unknown) => (typeof v === 'string' ? v : undefined);
  const call: StoredCall = { tool: fields.tool };
  for (const k of ['command', 'path', 'url', 'mode', 'cwd'] as const) if (s(fields[k]) !== undefined) call[k] = s(fields[k]);
  if (fields.input && typeof fields.input === 'object') call.input = fields.input as Record<string, unknown>;
  return { call, specificity: CLAUDE_SPECIFICITY };
}
