import type { Node } from 'jsonc-parser';
import { finding, type Finding, type SourceText } from '../../model';
import { properties, prop, rangeOf, typeName } from '../../json/tree';
import { isGenericField } from '../../requests/fields';
import { DEFAULT_TOOL, OMP_MODES, type OmpApproval, type OmpMode, type OmpRequest } from './rules';
import { normalizeApproval } from './settings';

export const OMP_REQUEST_FIELDS = ['command', 'mode', 'tool', 'userApproval'] as const;

/**
 * Reads an omp request: `command` (string, required for the bash tool), `mode` (always-ask | write | yolo),
 * `tool` (default bash), `userApproval` (tool → allow/prompt/deny). Anything else is
 * `request-invalid` with its exact range.
 * @example readOmpRequest(node, src).request // { command: 'git status', mode: 'yolo' }
 */
export function readOmpRequest(obj: Node, source: SourceText): { request?: OmpRequest; findings: Finding[] } {
  const findings: Finding[] = [];
  const bad = (node: Node, message: string) => findings.push(finding('request-invalid', 'error', message, rangeOf(source, node)));
  for (const p of properties(obj)) {
    if (!isGenericField(p.key) && !(OMP_REQUEST_FIELDS as readonly string[]).includes(p.key)) {
      bad(p.keyNode, `unknown field "${p.key}" for an omp request (expected ${OMP_REQUEST_FIELDS.join(', ')})`);
    }
  }
  const command = prop(obj, 'command');
  const toolNode = prop(obj, 'tool');
  const bashTool = !toolNode || (toolNode.type === 'string' && toolNode.value === DEFAULT_TOOL);
  // Only the bash tool reads a command; other tools are judged by tier alone.
  if (!command && bashTool) bad(obj, 'missing "command" (the shell command as a string; it is never run)');
  else if (command && command.type !== 'string') bad(command, `"command" must be a string, found ${typeName(command)}`);

  const mode = prop(obj, 'mode');
  if (mode && (mode.type !== 'string' || !(OMP_MODES as readonly string[]).includes(mode.value))) {
    bad(mode, `"mode" must be one of ${OMP_MODES.map((m) => `"${m}"`).join(', ')}, found ${mode.type === 'string' ? JSON.stringify(mode.value) : typeName(mode)}`);
  }
  const tool = prop(obj, 'tool');
  if (tool && (tool.type !== 'string' || tool.value === '')) bad(tool, `"tool" must be a non-empty string (e.g. "bash"), found ${typeName(tool)}`);

  const users = prop(obj, 'userApproval');
  const userApproval: Record<string, OmpApproval> = {};
  if (users) {
    if (users.type !== 'object') bad(users, `"userApproval" must be an object of tool → "allow" | "prompt" | "deny", found ${typeName(users)}`);
    else
      for (const p of properties(users)) {
        const v = p.value?.type === 'string' && p.value.value === p.value.value.trim().toLowerCase() ? normalizeApproval(p.value.value) : undefined;
        if (!v) bad(p.value ?? p.keyNode, `"userApproval.${p.key}" must be "allow", "prompt" or "deny"${p.value?.value === 'ask' ? ' ("ask" is not an omp value; write "prompt")' : ''}`);
        else userApproval[p.key] = v;
      }
  }
  if (findings.length) return { findings };
  const request: OmpRequest = { command: command?.value ?? '' };
  if (mode) request.mode = mode.value as OmpMode;
  if (tool) request.tool = tool.value;
  if (users) request.userApproval = userApproval;
  return { request, findings };
}

/** @example describeOmpRequest({ command: 'git push', mode: 'yolo' }) // 'bash: git push (yolo)' */
export function describeOmpRequest(r: OmpRequest): string {
  const cmd = r.command.length > 80 ? `${r.command.slice(0, 77)}…` : r.command;
  return `${r.tool ?? 'bash'}: ${cmd}${r.mode ? ` (${r.mode})` : ''}`;
}
