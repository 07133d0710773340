import type { Node } from 'jsonc-parser';
import { finding, type Finding, type SourceText } from '../../model';
import { properties, prop, rangeOf } from '../../json/tree';
import { isGenericField } from '../../requests/fields';
import { describe, toolKind } from './evaluate';
import type { CopilotRequest } from './types';

export const COPILOT_REQUEST_FIELDS = ['tool', 'command', 'path', 'url', 'invocation', 'interactive'] as const;
/** The tools a request may name (an MCP tool is `server/tool`). */
export const COPILOT_TOOLS = ['bash', 'view', 'grep', 'glob', 'create', 'edit', 'apply_patch', 'web_fetch'];

/**
 * Reads a Copilot CLI request: `tool` and the field it needs (`command` for bash, `path` for file
 * tools, `url` for web_fetch).
 * @example readCopilotRequest(node, src).request // { tool: 'bash', command: 'git push' }
 */
export function readCopilotRequest(obj: Node, source: SourceText): { request?: CopilotRequest; findings: Finding[] } {
  const findings: Finding[] = [];
  const bad = (node: Node, message: string) => findings.push(finding('request-invalid', 'error', message, rangeOf(source, node)));
  for (const p of properties(obj)) {
    if (!isGenericField(p.key) && !(COPILOT_REQUEST_FIELDS as readonly string[]).includes(p.key)) bad(p.keyNode, `unknown field "${p.key}" for a copilot request (expected ${COPILOT_REQUEST_FIELDS.join(', ')})`);
  }
  const str = (key: string): string | undefined => {
    const n = prop(obj, key);
    if (!n) return undefined;
    if (n.type !== 'string') bad(n, `"${key}" must be a string`);
    return n.type === 'string' ? (n.value as string) : undefined;
  };
  const tool = str('tool');
  const request: CopilotRequest = { tool: tool ?? '' };
  if (!prop(obj, 'tool')) bad(obj, `missing "tool" (one of ${COPILOT_TOOLS.join(', ')}, or server/tool for MCP)`);
  else if (tool !== undefined && toolKind(tool) === undefined) bad(prop(obj, 'tool')!, `unknown tool "${tool}" (one of ${COPILOT_TOOLS.join(', ')}, or server/tool for MCP)`);
  for (const key of ['command', 'path', 'url'] as const) {
    const v = str(key);
    if (v !== undefined) request[key] = v;
  }
  const kind = tool === undefined ? undefined : toolKind(tool);
  const need = kind === 'shell' ? 'command' : kind === 'read' || kind === 'write' ? 'path' : kind === 'url' ? 'url' : undefined;
  if (need && request[need] === undefined && prop(obj, need) === undefined) bad(obj, `a ${tool} request needs "${need}"`);
  const inv = prop(obj, 'invocation');
  if (inv) {
    if (inv.type !== 'number' || !Number.isInteger(inv.value) || inv.value < 1) bad(inv, '"invocation" must be a whole number from 1 (the copilot command line of the file, in order)');
    else request.invocation = inv.value;
  }
  const ia = prop(obj, 'interactive');
  if (ia) {
    if (ia.type !== 'boolean') bad(ia, '"interactive" must be true or false');
    else request.interactive = ia.value;
  }
  return findings.length ? { findings } : { request, findings };
}

export const describeCopilotRequest = describe;
