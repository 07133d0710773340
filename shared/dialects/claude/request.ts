import type { Node } from 'jsonc-parser';
import { finding, type Finding, type SourceText } from '../../model';
import { properties, prop, rangeOf, typeName } from '../../json/tree';
import { isGenericField } from '../../requests/fields';
import { normalizeMode } from './settings';
import { CLAUDE_MODES, HOOK_ANSWERS, MODE_ALIASES, type ClaudeRequest, type HookAnswer } from './types';

export const CLAUDE_REQUEST_FIELDS = ['tool', 'command', 'path', 'url', 'input', 'mode', 'cwd', 'hook'] as const;
/** Exactly one of these names what the tool acts on. */
export const SUBJECT_FIELDS = ['command', 'path', 'url', 'input'] as const;

/**
 * Reads a claude request: `tool`, one of `command`/`path`/`url`/`input`, optional `mode` and
 * `cwd`. Unknown and ill-typed fields are `request-invalid` findings on their exact range.
 * @example readClaudeRequest(node, src).request // { tool: 'Bash', command: 'npm test' }
 */
export function readClaudeRequest(obj: Node, source: SourceText): { request?: ClaudeRequest; findings: Finding[] } {
  const findings: Finding[] = [];
  const bad = (node: Node, message: string) => findings.push(finding('request-invalid', 'error', message, rangeOf(source, node)));
  if (obj.type !== 'object') {
    bad(obj, `a request must be an object, found ${typeName(obj)}`);
    return { findings };
  }
  for (const p of properties(obj)) {
    if (!isGenericField(p.key) && !(CLAUDE_REQUEST_FIELDS as readonly string[]).includes(p.key)) {
      bad(p.keyNode, `unknown field "${p.key}" for a claude request (expected ${CLAUDE_REQUEST_FIELDS.join(', ')})`);
    }
  }
  const tool = prop(obj, 'tool');
  if (!tool) bad(obj, 'missing "tool" (a string, e.g. "Bash", "Read", "WebFetch", "mcp__srv__tool")');
  else if (tool.type !== 'string' || tool.value === '') bad(tool, `"tool" must be a non-empty string, found ${typeName(tool)}`);

  const request: ClaudeRequest = { tool: tool?.type === 'string' ? tool.value : '' };
  const given = SUBJECT_FIELDS.filter((f) => prop(obj, f) !== undefined);
  if (given.length > 1) bad(prop(obj, given[1])!, `give only one of ${SUBJECT_FIELDS.join(', ')} (found ${given.join(' and ')})`);
  for (const f of ['command', 'path', 'url', 'cwd'] as const) {
    const n = prop(obj, f);
    if (!n) continue;
    if (n.type !== 'string') bad(n, `"${f}" must be a string, found ${typeName(n)}`);
    else request[f] = n.value;
  }
  const input = prop(obj, 'input');
  if (input) {
    if (input.type !== 'object') bad(input, `"input" must be an object (the tool's arguments), found ${typeName(input)}`);
    else request.input = Object.fromEntries(properties(input).map((p) => [p.key, plain(p.value)]));
  }
  const mode = prop(obj, 'mode');
  if (mode) {
    const allowed = [...CLAUDE_MODES, ...Object.keys(MODE_ALIASES)];
    if (mode.type !== 'string' || !allowed.includes(mode.value)) bad(mode, `"mode" must be one of ${allowed.join(', ')}, found ${mode.type === 'string' ? `"${mode.value}"` : typeName(mode)}`);
    else request.mode = normalizeMode(mode.value);
  }
  const hook = prop(obj, 'hook');
  if (hook) {
    if (hook.type !== 'string' || !(HOOK_ANSWERS as readonly string[]).includes(hook.value)) bad(hook, `"hook" pins what the PreToolUse hooks answer: one of ${HOOK_ANSWERS.map((a) => `"${a}"`).join(', ')}, found ${hook.type === 'string' ? `"${hook.value}"` : typeName(hook)}`);
    else request.hook = hook.value as HookAnswer;
  }
  if (findings.length) {
    findings.sort((a, b) => a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character);
    return { findings };
  }
  return { request, findings };
}

function plain(n: Node | undefined): unknown {
  if (!n) return undefined;
  if (n.type === 'object') return Object.fromEntries(properties(n).map((p) => [p.key, plain(p.value)]));
  if (n.type === 'array') return (n.children ?? []).map(plain);
  return n.value;
}

/**
 * @example describeClaudeRequest({ tool: 'Bash', command: 'npm test' }) // 'Bash(npm test)'
 */
export function describeClaudeRequest(r: ClaudeRequest): string {
  const subject = r.command ?? r.path ?? r.url ?? (r.input ? JSON.stringify(r.input) : undefined);
  const mode = r.mode && r.mode !== 'default' ? ` [${r.mode}]` : '';
  const hook = r.hook ? ` [hook: ${r.hook}]` : '';
  return `${r.tool}${subject !== undefined ? `(${subject})` : ''}${mode}${hook}`;
}
