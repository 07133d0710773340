import type { Node } from 'jsonc-parser';
import { finding, type Finding, type SourceText } from '../../model';
import { properties, prop, rangeOf, valueOf } from '../../json/tree';
import { isGenericField } from '../../requests/fields';
import { describeCall } from './evaluate';
import { QWEN_MODES, type QwenMode, type QwenRequest } from './types';

export const QWEN_REQUEST_FIELDS = ['tool', 'command', 'path', 'url', 'params', 'mode', 'trusted', 'interactive'] as const;

/**
 * Reads a Qwen Code request: `tool` (any alias: `Bash`, `Read`, `run_shell_command`, `mcp__s__t`)
 * and its `command`, `path`, `url` or `params`.
 * @example readQwenRequest(node, src).request // { tool: 'Bash', command: 'git status' }
 */
export function readQwenRequest(obj: Node, source: SourceText): { request?: QwenRequest; findings: Finding[] } {
  const findings: Finding[] = [];
  const bad = (node: Node, message: string) => findings.push(finding('request-invalid', 'error', message, rangeOf(source, node)));
  for (const p of properties(obj)) {
    if (!isGenericField(p.key) && !(QWEN_REQUEST_FIELDS as readonly string[]).includes(p.key)) bad(p.keyNode, `unknown field "${p.key}" for a qwen request (expected ${QWEN_REQUEST_FIELDS.join(', ')})`);
  }
  const toolNode = prop(obj, 'tool');
  if (!toolNode || toolNode.type !== 'string') bad(toolNode ?? obj, '"tool" must be a string (e.g. "Bash", "Read", "Edit", "WebFetch", "mcp__server__tool")');
  const req: QwenRequest = { tool: (toolNode?.value as string) ?? '' };
  for (const key of ['command', 'path', 'url'] as const) {
    const n = prop(obj, key);
    if (!n) continue;
    if (n.type !== 'string') bad(n, `"${key}" must be a string`);
    else req[key] = n.value as string;
  }
  const params = prop(obj, 'params');
  if (params) {
    if (params.type !== 'object') bad(params, '"params" must be an object of tool parameters');
    else req.params = valueOf(params) as Record<string, unknown>;
  }
  const mode = prop(obj, 'mode');
  if (mode) {
    if (mode.type !== 'string' || !(QWEN_MODES as readonly string[]).includes(mode.value)) bad(mode, `"mode" must be one of ${QWEN_MODES.join(', ')}`);
    else req.mode = mode.value as QwenMode;
  }
  for (const key of ['trusted', 'interactive'] as const) {
    const n = prop(obj, key);
    if (!n) continue;
    if (n.type !== 'boolean') bad(n, `"${key}" must be true or false`);
    else req[key] = n.value as boolean;
  }
  return findings.length ? { findings } : { request: req, findings };
}

export const describeQwenRequest = describeCall;
