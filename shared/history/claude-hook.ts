import { claudeCall } from './call';
import type { Observation, Outcome } from './types';

type Obj = Record<string, unknown>;

/** Hook events that describe one tool call. */
const TOOL_EVENTS: readonly string[] = ['PreToolUse', 'PostToolUse', 'PermissionRequest', 'PermissionDenied'];

/**
 * Reads Claude Code hook input lines (what a hook receives on stdin, one JSON object a line), so a
 * one-line logging hook (`cat >> calls.jsonl`) feeds the import. `PreToolUse` runs before the
 * permission decision, so its outcome is unknown; `PostToolUse` means the call ran.
 * @example hookObservation({ hook_event_name: 'PostToolUse', tool_name: 'Bash', tool_input: { command: 'ls' } }, 'f', 1)?.outcome // 'approved'
 */
export function hookObservation(v: Obj, file: string, line: number): Observation | string | undefined {
  const event = typeof v.hook_event_name === 'string' ? v.hook_event_name : 'PreToolUse';
  // A log of every hook event also holds prompts, stops and notifications: not tool calls.
  if (!TOOL_EVENTS.includes(event)) return undefined;
  if (typeof v.tool_name !== 'string') return `a ${event} line without a string "tool_name"`;
  const outcome: Outcome = event === 'PostToolUse' ? 'approved' : event === 'PermissionDenied' ? 'denied' : 'unknown';
  return {
    format: 'claude-hook',
    ...claudeCall(v.tool_name, v.tool_input),
    ...(typeof v.cwd === 'string' ? { cwd: v.cwd } : {}),
    ...(typeof v.permission_mode === 'string' ? { mode: v.permission_mode } : {}),
    outcome,
    ...(outcome === 'denied' ? { denial: 'permission-denied' } : {}),
    ...(typeof v.timestamp === 'string' ? { time: v.timestamp } : {}),
    file,
    line,
  };
}

/** Whether a parsed line is hook input. */
export function isHookLine(v: Obj): boolean {
  return typeof v.tool_name === 'string' || typeof v.hook_event_name === 'string';
}
