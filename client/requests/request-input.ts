import { GENERIC_REQUEST_FIELDS } from '../../shared/requests/fields';
import { firstInputProblem, type RequestInputHelp } from '../../shared/requests/input';

/**
 * A starting point for the "Enter a request…" box, in the dialect's stored-request form (the
 * server sends it with the dialect's stored requests).
 * @example requestTemplate({ template: { command: ['git', 'status'] }, checks: [] }) // '{"command":["git","status"]}'
 */
export function requestTemplate(input: RequestInputHelp | null | undefined): string {
  return JSON.stringify(input?.template ?? {});
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Validates the text of a typed request; returns the message to show, or undefined when it can be sent.
 * Only what a person typing a request gets wrong first (the dialect's checks, sent by the server);
 * the server reports everything else precisely.
 * @example validateRequestText(opencodeInput, '{"action":"edit"}') // '"resources" must be an array …'
 */
export function validateRequestText(input: RequestInputHelp | null | undefined, text: string): string | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return `Not JSON yet: ${(e as Error).message}`;
  }
  if (!isObject(value)) return 'A request is a JSON object';
  return input ? firstInputProblem(input, value) : undefined;
}

/** The fields the evaluator reads: stored-request bookkeeping (name, expect, origin, …) removed. */
export function requestFields(value: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) if (!GENERIC_REQUEST_FIELDS.includes(k) || k === 'platform' || k === 'layers') out[k] = v;
  return out;
}

/**
 * A short default name for a request about to be stored.
 * @example summarizeRequest({ action: 'edit', resources: ['src/a.ts'] }) // 'edit src/a.ts'
 */
export function summarizeRequest(r: Record<string, unknown>): string {
  const parts: string[] = [];
  if (typeof r.action === 'string') parts.push(r.action);
  if (Array.isArray(r.resources)) parts.push(r.resources.length ? r.resources.join(', ') : '(no resources)');
  if (typeof r.tool === 'string') parts.push(r.tool);
  for (const k of ['command', 'path', 'url'] as const) if (typeof r[k] === 'string') parts.push(r[k]);
  // A field that is not text (a hand-edited file) shows as nothing rather than `[object Object]`.
  const text = (x: unknown) => (typeof x === 'string' || typeof x === 'number' || typeof x === 'boolean' ? String(x) : '');
  if (isObject(r.proposal)) parts.push(`${text(r.proposal.action)} ${text(r.proposal.subject)}`.trim());
  if (isObject(r.args) && typeof r.args.path === 'string') parts.push(r.args.path);
  const s = parts.join(' ').trim() || 'request';
  return s.length > 60 ? s.slice(0, 57) + '…' : s;
}
