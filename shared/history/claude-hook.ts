import { claudeCall } from './call';
import type { Observation, Outcome } from './types';

type Obj = Record<string, unknown>;

/**
 * Reads Claude Code hook input lines (what a hook receives on stdin, one JSON object a line), so a
 * one-line logging hook (`cat >> calls.jsonl`) feeds the import. `PreToolUse` runs before the
 * permission decision, so its outcome is unknown; `PostToolUse` means the call ran.
 * @example hookObservation({ hook_event_name: 'PostToolUse', tool_name: 'Bash', tool_input: { command: 'ls' } }, 'f', 1)?.outcome // 'approved'
 */
export function hookObservation(v: Obj, file: string, line: number): Observation | string | undefined {
  if (typeof v.tool_name !== 'string') return 'a hook line without a string "tool_name"';
  const event = typeof v.hook_event_name === 'string' ? v.hook_event_name : 'PreToolUse';
  const outcome: Outcome = event === 'PostToolUse' ? 'approved' : event === 'PermissionDenied' ? 'denied' : 'unknown';
  if (!['PreToolUse', 'PostToolUse', 'PermissionRequest', 'PermissionDenied'].includes(event)) return undefined;
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
