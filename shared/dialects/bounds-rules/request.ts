import type { Node } from 'jsonc-parser';
import { finding, type Finding, type SourceText } from '../../model';
import { properties, prop, rangeOf, typeName } from '../../json/tree';
import { isGenericField } from '../../requests/fields';
import { parseIsoTime } from './time';
import { CAPABILITIES, isCapability, isTrust, TRUSTS, type BoundsRulesRequest, type Step } from './types';

export const BOUNDS_RULES_REQUEST_FIELDS = ['history', 'proposal'] as const;
export const STEP_FIELDS: readonly string[] = ['action', 'subject', 'task', 'trust', 'capability', 'args_hash', 'at'];
/** A stored request's history is refused beyond this: judging stays cheap in the editor. */
export const MAX_HISTORY_STEPS = 100_000;

type Bad = (node: Node, message: string) => void;

/**
 * Reads one step object; every problem is reported through `bad` with the field's range.
 * `extra` names further keys the caller accepts (ledger fields).
 * @example readStep(node, (n, m) => errors.push(m), 'proposal')
 */
export function readStep(obj: Node, bad: Bad, where: string, extra: readonly string[] = []): Step | undefined {
  if (obj.type !== 'object') {
    bad(obj, `${where} must be a step object {action, subject, task, trust?, capability, args_hash?, at?}, found ${typeName(obj)}`);
    return undefined;
  }
  let ok = true;
  const fail = (n: Node, m: string) => {
    bad(n, m);
    ok = false;
  };
  for (const p of properties(obj)) {
    if (!STEP_FIELDS.includes(p.key) && !extra.includes(p.key)) fail(p.keyNode, `unknown field "${p.key}" in ${where} (expected ${STEP_FIELDS.join(', ')})`);
  }
  const str = (key: string, required: boolean, nonEmpty: boolean): string | undefined => {
    const n = prop(obj, key);
    if (!n) {
      if (required) fail(obj, `${where}: missing "${key}" (a string)`);
      return undefined;
    }
    if (n.type !== 'string') return void fail(n, `${where}: "${key}" must be a string, found ${typeName(n)}`);
    if (nonEmpty && n.value === '') return void fail(n, `${where}: "${key}" must not be empty`);
    return n.value as string;
  };
  const action = str('action', true, true);
  const subject = str('subject', true, false);
  const task = str('task', true, true);
  const trust = str('trust', false, false);
  const trustNode = prop(obj, 'trust');
  if (trust !== undefined && !isTrust(trust)) fail(trustNode!, `${where}: unknown trust "${trust}" (expected one of ${TRUSTS.join(', ')})`);
  const capability = str('capability', true, false);
  const capNode = prop(obj, 'capability');
  if (capability !== undefined && !isCapability(capability)) fail(capNode!, `${where}: unknown capability "${capability}" (expected one of ${CAPABILITIES.join(', ')})`);
  const argsHash = str('args_hash', false, true);
  const at = str('at', false, false);
  if (at !== undefined && parseIsoTime(at) === undefined) fail(prop(obj, 'at')!, `${where}: "at" must be an ISO time with a zone, e.g. "2026-11-29T10:00:00Z"; found "${at}"`);
  if (!ok || action === undefined || subject === undefined || task === undefined || capability === undefined || !isCapability(capability)) return undefined;
  const step: Step = { action, subject, task, capability };
  if (trust !== undefined && isTrust(trust)) step.trust = trust;
  if (argsHash !== undefined) step.args_hash = argsHash;
  if (at !== undefined) step.at = at;
  return step;
}

/**
 * Reads a `bounds-rules` request: `history` (array of steps) and `proposal` (a step).
 * @example readBoundsRulesRequest(node, src).request?.proposal.capability // 'send'
 */
export function readBoundsRulesRequest(obj: Node, source: SourceText): { request?: BoundsRulesRequest; findings: Finding[] } {
  const findings: Finding[] = [];
  const bad: Bad = (node, message) => findings.push(finding('request-invalid', 'error', message, rangeOf(source, node)));
  for (const p of properties(obj)) {
    if (!isGenericField(p.key) && !(BOUNDS_RULES_REQUEST_FIELDS as readonly string[]).includes(p.key)) {
      bad(p.keyNode, `unknown field "${p.key}" for a bounds-rules request (expected ${BOUNDS_RULES_REQUEST_FIELDS.join(', ')})`);
    }
  }
  const history: Step[] = [];
  const h = prop(obj, 'history');
  if (h) {
    if (h.type !== 'array') bad(h, `"history" must be an array of steps, found ${typeName(h)}`);
    else if ((h.children ?? []).length > MAX_HISTORY_STEPS) bad(h, `"history" has more than ${MAX_HISTORY_STEPS} steps`);
    else (h.children ?? []).forEach((s, i) => {
      const step = readStep(s, bad, `history step ${i + 1}`);
      if (step) history.push(step);
    });
  }
  const pNode = prop(obj, 'proposal');
  let proposal: Step | undefined;
  if (!pNode) bad(obj, 'missing "proposal" (the step to judge)');
  else proposal = readStep(pNode, bad, 'proposal');
  if (findings.length || !proposal) return { findings };
  return { request: { history, proposal }, findings };
}

/** @example describeBoundsRulesRequest(req) // 'mail.send partner@example.com (send, task job-1) after 1 step' */
export function describeBoundsRulesRequest(r: BoundsRulesRequest): string {
  const p = r.proposal;
  return `${p.action} ${p.subject} (${p.capability}, task ${p.task}) after ${r.history.length} step${r.history.length === 1 ? '' : 's'}`;
}
