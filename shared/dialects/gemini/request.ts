import type { Node } from 'jsonc-parser';
import { finding, type Finding, type SourceText } from '../../model';
import { properties, prop, rangeOf, typeName, valueOf } from '../../json/tree';
import { isGenericField } from '../../requests/fields';
import { GEMINI_MODES, SHELL_TOOL, type GeminiMode, type GeminiNative, type GeminiRequest } from './types';

export const GEMINI_REQUEST_FIELDS = ['tool', 'args', 'mode', 'interactive', 'server', 'subagent', 'annotations', 'fallback'] as const;
const NATIVES = ['allow', 'deny', 'ask_user'];

/**
 * Reads a Gemini tool call: `{"tool": "run_shell_command", "args": {"command": "git status"}}`,
 * with `mode` (default `default`) and `interactive` (default true).
 * @example readGeminiRequest(node, src).request?.mode // 'default'
 */
export function readGeminiRequest(obj: Node, source: SourceText): { request?: GeminiRequest; findings: Finding[] } {
  const findings: Finding[] = [];
  const bad = (node: Node, message: string) => findings.push(finding('request-invalid', 'error', message, rangeOf(source, node)));
  for (const p of properties(obj)) {
    if (!isGenericField(p.key) && !(GEMINI_REQUEST_FIELDS as readonly string[]).includes(p.key)) bad(p.keyNode, `unknown field "${p.key}" for a gemini request (expected ${GEMINI_REQUEST_FIELDS.join(', ')})`);
  }
  const tool = prop(obj, 'tool');
  if (!tool) bad(obj, `missing "tool" (e.g. "${SHELL_TOOL}", "read_file", "mcp_github_create_issue")`);
  else if (tool.type !== 'string' || tool.value === '') bad(tool, `"tool" must be a non-empty string, found ${typeName(tool)}`);
  const args = prop(obj, 'args');
  if (args && args.type !== 'object') bad(args, `"args" must be an object, found ${typeName(args)}`);
  if (tool?.value === SHELL_TOOL && args?.type === 'object') {
    const c = prop(args, 'command');
    if (c && c.type !== 'string') bad(c, `"command" must be a string, found ${typeName(c)}`);
  }
  const mode = prop(obj, 'mode');
  if (mode && (mode.type !== 'string' || !(GEMINI_MODES as readonly string[]).includes(mode.value))) bad(mode, `"mode" must be one of ${GEMINI_MODES.join(', ')}`);
  const inter = prop(obj, 'interactive');
  if (inter && inter.type !== 'boolean') bad(inter, `"interactive" must be true or false, found ${typeName(inter)}`);
  for (const k of ['server', 'subagent']) {
    const n = prop(obj, k);
    if (n && (n.type !== 'string' || n.value === '')) bad(n, `"${k}" must be a non-empty string`);
  }
  const ann = prop(obj, 'annotations');
  if (ann && ann.type !== 'object') bad(ann, `"annotations" must be an object, found ${typeName(ann)}`);
  const fb = prop(obj, 'fallback');
  if (fb && (fb.type !== 'string' || !NATIVES.includes(fb.value))) bad(fb, `"fallback" must be one of ${NATIVES.join(', ')} (what Gemini's built-in policies decide when no rule here matches)`);
  if (findings.length || !tool) return { findings };
  const request: GeminiRequest = {
    tool: tool.value,
    args: (args ? valueOf(args) : {}) as Record<string, unknown>,
    mode: (mode?.value ?? 'default') as GeminiMode,
    interactive: inter ? inter.value === true : true,
  };
  const server = prop(obj, 'server');
  if (server) request.server = server.value;
  const sub = prop(obj, 'subagent');
  if (sub) request.subagent = sub.value;
  if (ann) request.annotations = valueOf(ann) as Record<string, unknown>;
  if (fb) request.fallback = fb.value as GeminiNative;
  return { request, findings };
}

/** @example describeGeminiRequest({ tool: 'run_shell_command', args: { command: 'ls' }, mode: 'default', interactive: true }) // 'run_shell_command: ls' */
export function describeGeminiRequest(r: GeminiRequest): string {
  const cmd = typeof r.args?.command === 'string' ? `: ${r.args.command}` : '';
  const extra = [r.mode !== 'default' ? `mode ${r.mode}` : '', r.interactive ? '' : 'non-interactive'].filter(Boolean).join(', ');
  return `${r.tool}${cmd}${extra ? ` (${extra})` : ''}`;
}
