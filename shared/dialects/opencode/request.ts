import type { Node } from 'jsonc-parser';
import { finding, type Finding, type SourceText } from '../../model';
import { properties, prop, rangeOf, typeName } from '../../json/tree';
import { isGenericField } from '../../requests/fields';
import type { OpencodeRequest } from './rules';

export const OPENCODE_REQUEST_FIELDS = ['action', 'resources', 'agent', 'saved'] as const;

/**
 * Reads an OpenCode request; rejects what the agent's API schema rejects (missing `resources`,
 * a string instead of an array, non-string entries). `[]` is legal.
 * @example readOpencodeRequest(node, src).request // { action: 'edit', resources: ['a'] }
 */
export function readOpencodeRequest(obj: Node, source: SourceText): { request?: OpencodeRequest; findings: Finding[] } {
  const findings: Finding[] = [];
  const bad = (node: Node, message: string) => findings.push(finding('request-invalid', 'error', message, rangeOf(source, node)));
  for (const p of properties(obj)) {
    if (!isGenericField(p.key) && !(OPENCODE_REQUEST_FIELDS as readonly string[]).includes(p.key)) {
      bad(p.keyNode, `unknown field "${p.key}" for an opencode request (expected ${OPENCODE_REQUEST_FIELDS.join(', ')})`);
    }
  }
  const action = prop(obj, 'action');
  if (!action) bad(obj, 'missing "action" (a string, e.g. "edit")');
  else if (action.type !== 'string') bad(action, `"action" must be a string, found ${typeName(action)}`);

  const resources = prop(obj, 'resources');
  const list: string[] = [];
  if (!resources) bad(obj, 'missing "resources" (an array of strings; the agent rejects a request without it)');
  else if (resources.type !== 'array') bad(resources, `"resources" must be an array of strings, found ${typeName(resources)}`);
  else {
    for (const item of resources.children ?? []) {
      if (item.type !== 'string') bad(item, `"resources" entries must be strings, found ${typeName(item)}`);
      else list.push(item.value);
    }
  }

  const agent = prop(obj, 'agent');
  if (agent && agent.type !== 'string') bad(agent, `"agent" must be a string, found ${typeName(agent)}`);

  const savedNode = prop(obj, 'saved');
  const saved: Array<{ action: string; resource: string }> = [];
  if (savedNode) {
    if (savedNode.type !== 'array') bad(savedNode, `"saved" must be an array of {"action", "resource"}, found ${typeName(savedNode)}`);
    else
      for (const s of savedNode.children ?? []) {
        const a = prop(s, 'action');
        const r = prop(s, 'resource');
        if (s.type !== 'object' || a?.type !== 'string' || r?.type !== 'string') {
          bad(s, 'a saved approval must be {"action": string, "resource": string}');
        } else saved.push({ action: a.value, resource: r.value });
      }
  }

  if (findings.length) return { findings };
  if (resources && list.length === 0) {
    findings.push(finding('empty-resources', 'warning', 'resources: [] — the agent allows this request with no resource checked (a fail-open); a copied request should keep the runtime\'s full resource array', rangeOf(source, resources)));
  }
  const request: OpencodeRequest = { action: action!.value, resources: list };
  if (agent) request.agent = agent.value;
  if (savedNode) request.saved = saved;
  return { request, findings };
}

const hasOwn = (o: object, k: string) => Object.prototype.hasOwnProperty.call(o, k);

/**
 * `readOpencodeRequest` on a `JSON.parse` value, for a well-formed entry only: undefined wherever
 * that would report a finding (the empty-resources warning included), so the caller reads it again
 * with ranges. Requests files of many thousands of entries are read this way.
 * @example readOpencodeRequestValue({ name: 'a', action: 'edit', resources: ['x'] }) // { action: 'edit', resources: ['x'] }
 */
export function readOpencodeRequestValue(v: Readonly<Record<string, unknown>>): OpencodeRequest | undefined {
  for (const k in v) if (!isGenericField(k) && !(OPENCODE_REQUEST_FIELDS as readonly string[]).includes(k)) return undefined;
  const { action, resources, agent, saved } = v;
  if (typeof action !== 'string' || !Array.isArray(resources) || resources.length === 0) return undefined;
  for (const r of resources) if (typeof r !== 'string') return undefined;
  if (hasOwn(v, 'agent') && typeof agent !== 'string') return undefined;
  const request: OpencodeRequest = { action, resources: resources.slice() as string[] };
  if (hasOwn(v, 'agent')) request.agent = agent as string;
  if (hasOwn(v, 'saved')) {
    if (!Array.isArray(saved)) return undefined;
    const list: Array<{ action: string; resource: string }> = [];
    for (const s of saved) {
      if (s === null || typeof s !== 'object' || Array.isArray(s)) return undefined;
      const { action: a, resource: r } = s as Record<string, unknown>;
      if (typeof a !== 'string' || typeof r !== 'string') return undefined;
      list.push({ action: a, resource: r });
    }
    request.saved = list;
  }
  return request;
}

/** @example describeOpencodeRequest({ action: 'edit', resources: ['a', 'b'] }) // 'edit a, b' */
export function describeOpencodeRequest(r: OpencodeRequest): string {
  return `${r.action} ${r.resources.length ? r.resources.join(', ') : '[] (no resource)'}${r.agent ? ` (agent ${r.agent})` : ''}`;
}
