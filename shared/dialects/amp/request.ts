import type { Node } from 'jsonc-parser';
import { finding, type Finding, type SourceText } from '../../model';
import { properties, prop, rangeOf, typeName, valueOf } from '../../json/tree';
import { isGenericField } from '../../requests/fields';
import { nearestWord } from '../../text/nearest-word';
import type { AmpContext, AmpRequest } from './types';

export const AMP_REQUEST_FIELDS = ['tool', 'args', 'context', 'interactive', 'modifiedFiles', 'allowAll', 'rejectPrompts', 'delegateExit'] as const;

/**
 * Reads an Amp tool call: `{"tool": "Bash", "args": {"cmd": "git status"}}`, with `context`
 * (default `thread`, what Amp's runtime uses), `interactive` (default true), `modifiedFiles`,
 * `allowAll`, `rejectPrompts` and `delegateExit`.
 * @example readAmpRequest(node, src).request?.context // 'thread'
 */
export function readAmpRequest(obj: Node, source: SourceText): { request?: AmpRequest; findings: Finding[] } {
  const findings: Finding[] = [];
  const bad = (node: Node, message: string) => findings.push(finding('request-invalid', 'error', message, rangeOf(source, node)));
  for (const p of properties(obj)) {
    if (isGenericField(p.key) || (AMP_REQUEST_FIELDS as readonly string[]).includes(p.key)) continue;
    const near = nearestWord(p.key, AMP_REQUEST_FIELDS, 2);
    bad(p.keyNode, `unknown field "${p.key}" for an amp request (expected ${AMP_REQUEST_FIELDS.join(', ')})${near ? `; did you mean "${near}"?` : ''}`);
  }
  const tool = prop(obj, 'tool');
  if (!tool) bad(obj, 'missing "tool" (e.g. "Bash", "Read", "edit_file", "mcp__github__create_issue")');
  else if (tool.type !== 'string' || tool.value === '') bad(tool, `"tool" must be a non-empty string, found ${typeName(tool)}`);
  const args = prop(obj, 'args');
  if (args && args.type !== 'object') bad(args, `"args" must be an object, found ${typeName(args)}`);
  const ctx = prop(obj, 'context');
  if (ctx && (ctx.type !== 'string' || (ctx.value !== 'thread' && ctx.value !== 'subagent'))) bad(ctx, '"context" must be "thread" or "subagent"');
  for (const k of ['interactive', 'allowAll', 'rejectPrompts']) {
    const n = prop(obj, k);
    if (n && n.type !== 'boolean') bad(n, `"${k}" must be true or false, found ${typeName(n)}`);
  }
  const mf = prop(obj, 'modifiedFiles');
  if (mf && (mf.type !== 'array' || (mf.children ?? []).some((c) => c.type !== 'string'))) bad(mf, '"modifiedFiles" must be an array of paths');
  const de = prop(obj, 'delegateExit');
  if (de && (de.type !== 'number' || !Number.isInteger(de.value))) bad(de, '"delegateExit" must be an integer exit code');
  if (findings.length || !tool) return { findings };
  const request: AmpRequest = {
    tool: tool.value,
    args: (args ? valueOf(args) : {}) as Record<string, unknown>,
    context: (ctx?.value ?? 'thread') as AmpContext,
    interactive: prop(obj, 'interactive')?.value !== false,
  };
  if (mf) request.modifiedFiles = valueOf(mf) as string[];
  if (prop(obj, 'allowAll')?.value === true) request.allowAll = true;
  if (prop(obj, 'rejectPrompts')?.value === true) request.rejectPrompts = true;
  if (de) request.delegateExit = de.value as number;
  return { request, findings };
}

/** @example describeAmpRequest({ tool: 'Bash', args: { cmd: 'ls' }, context: 'thread', interactive: true }) // 'Bash: ls' */
export function describeAmpRequest(r: AmpRequest): string {
  const main = r.args.cmd ?? r.args.command ?? r.args.path ?? r.args.url;
  const what = typeof main === 'string' ? `: ${main.replace(/\n/g, '⏎')}` : Object.keys(r.args).length ? ` ${JSON.stringify(r.args)}` : '';
  const extra = [r.context !== 'thread' ? `context ${r.context}` : '', r.interactive ? '' : 'no UI'].filter(Boolean).join(', ');
  return `${r.tool}${what}${extra ? ` (${extra})` : ''}`;
}
