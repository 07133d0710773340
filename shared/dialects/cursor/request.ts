import type { Node } from 'jsonc-parser';
import { finding, type Finding, type SourceText } from '../../model';
import { properties, prop, rangeOf, typeName } from '../../json/tree';
import { isGenericField } from '../../requests/fields';
import { nearestWord } from '../../text/nearest-word';
import { CURSOR_TYPES, type CursorRequest, type CursorTool } from './types';

export const CURSOR_REQUEST_FIELDS = ['tool', 'command', 'path', 'url', 'server', 'mcpTool', 'printMode', 'force', 'workspace'] as const;

/** The field each tool needs. */
const NEEDS: Readonly<Record<CursorTool, readonly string[]>> = { Shell: ['command'], Read: ['path'], Write: ['path'], WebFetch: ['url'], Mcp: ['server', 'mcpTool'] };

/**
 * Reads a Cursor CLI tool call: `{"tool": "Shell", "command": "git status"}`, `{"tool": "Read",
 * "path": "src/a.ts"}`, `{"tool": "WebFetch", "url": "…"}`, `{"tool": "Mcp", "server": "github",
 * "mcpTool": "create_issue"}`, with `printMode` and `force` (default false).
 * @example readCursorRequest(node, src).request?.tool // 'Shell'
 */
export function readCursorRequest(obj: Node, source: SourceText): { request?: CursorRequest; findings: Finding[] } {
  const findings: Finding[] = [];
  const bad = (node: Node, message: string) => findings.push(finding('request-invalid', 'error', message, rangeOf(source, node)));
  for (const p of properties(obj)) {
    if (isGenericField(p.key) || (CURSOR_REQUEST_FIELDS as readonly string[]).includes(p.key)) continue;
    const near = nearestWord(p.key, CURSOR_REQUEST_FIELDS, 2);
    bad(p.keyNode, `unknown field "${p.key}" for a cursor request (expected ${CURSOR_REQUEST_FIELDS.join(', ')})${near ? `; did you mean "${near}"?` : ''}`);
  }
  const tool = prop(obj, 'tool');
  let t: CursorTool | undefined;
  if (!tool) bad(obj, `missing "tool" (one of ${CURSOR_TYPES.join(', ')})`);
  else if (tool.type !== 'string' || !(CURSOR_TYPES as readonly string[]).includes(tool.value)) {
    const near = tool.type === 'string' ? nearestWord(String(tool.value), CURSOR_TYPES, 2, true) : undefined;
    bad(tool, `"tool" must be one of ${CURSOR_TYPES.join(', ')}${near ? `; did you mean "${near}"?` : ''}`);
  } else t = tool.value as CursorTool;
  const strings: Record<string, string> = {};
  for (const k of ['command', 'path', 'url', 'server', 'mcpTool', 'workspace']) {
    const n = prop(obj, k);
    if (!n) continue;
    if (n.type !== 'string') bad(n, `"${k}" must be a string, found ${typeName(n)}`);
    else strings[k] = n.value;
  }
  const ws = prop(obj, 'workspace');
  if (strings.workspace !== undefined && !strings.workspace.startsWith('/') && ws) bad(ws, '"workspace" must be an absolute path');
  if (t) for (const k of NEEDS[t]) if (strings[k] === undefined && !prop(obj, k)) bad(tool!, `a ${t} request needs "${k}"`);
  const flags: Record<string, boolean> = {};
  for (const k of ['printMode', 'force']) {
    const n = prop(obj, k);
    if (!n) continue;
    if (n.type !== 'boolean') bad(n, `"${k}" must be true or false, found ${typeName(n)}`);
    else flags[k] = n.value === true;
  }
  if (findings.length || !t) return { findings };
  const request: CursorRequest = { tool: t, printMode: flags.printMode ?? false, force: flags.force ?? false };
  for (const k of ['command', 'path', 'url', 'server', 'mcpTool', 'workspace'] as const) if (strings[k] !== undefined) request[k] = strings[k];
  return { request, findings };
}

/** @example describeCursorRequest({ tool: 'Shell', command: 'ls', printMode: false, force: false }) // 'Shell: ls' */
export function describeCursorRequest(r: CursorRequest): string {
  const what = r.tool === 'Shell' ? r.command : r.tool === 'WebFetch' ? r.url : r.tool === 'Mcp' ? `${r.server}/${r.mcpTool}` : r.path;
  const extra = [r.printMode ? 'print mode' : '', r.force ? '--force' : ''].filter(Boolean).join(', ');
  return `${r.tool}: ${what ?? ''}${extra ? ` (${extra})` : ''}`;
}
