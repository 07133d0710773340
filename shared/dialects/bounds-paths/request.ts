import type { Node } from 'jsonc-parser';
import { finding, type Finding, type SourceText } from '../../model';
import { properties, prop, rangeOf, typeName, valueOf } from '../../json/tree';
import { isGenericField } from '../../requests/fields';
import type { BoundsPathsRequest } from './types';

export const BOUNDS_PATHS_REQUEST_FIELDS = ['tool', 'args'] as const;

/**
 * Reads a `bounds-paths` request: `tool` (a string) and `args` (an object).
 * @example readBoundsPathsRequest(node, src).request // { tool: 'file.read', args: { path: 'src/a.ts' } }
 */
export function readBoundsPathsRequest(obj: Node, source: SourceText): { request?: BoundsPathsRequest; findings: Finding[] } {
  const findings: Finding[] = [];
  const bad = (node: Node, message: string) => findings.push(finding('request-invalid', 'error', message, rangeOf(source, node)));
  for (const p of properties(obj)) {
    if (!isGenericField(p.key) && !(BOUNDS_PATHS_REQUEST_FIELDS as readonly string[]).includes(p.key)) bad(p.keyNode, `unknown field "${p.key}" for a bounds-paths request (expected tool, args)`);
  }
  const tool = prop(obj, 'tool');
  if (!tool) bad(obj, 'missing "tool" (a string, e.g. "file.read")');
  else if (tool.type !== 'string' || tool.value === '') bad(tool, `"tool" must be a non-empty string, found ${typeName(tool)}`);
  const args = prop(obj, 'args');
  if (!args) bad(obj, 'missing "args" (an object of the tool\'s arguments)');
  else if (args.type !== 'object') bad(args, `"args" must be an object, found ${typeName(args)}`);
  if (findings.length) return { findings };
  return { request: { tool: tool!.value as string, args: valueOf(args) as Record<string, unknown> }, findings };
}

/** @example describeBoundsPathsRequest({ tool: 'file.read', args: { path: 'a' } }) // 'file.read {"path":"a"}' */
export function describeBoundsPathsRequest(r: BoundsPathsRequest): string {
  return `${r.tool} ${JSON.stringify(r.args)}`;
}
