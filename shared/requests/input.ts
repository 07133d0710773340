/**
 * What helps a person type a request for a dialect in the editor's input box: a starting point and
 * the few checks of what is typed wrong first (the server reports everything else precisely).
 * Pure data, so it travels to the editor in the `rulelens/listRequests` answer.
 */
export interface RequestInputHelp {
  /** A valid request in the dialect's stored-request form, to start from. */
  template: Record<string, unknown>;
  /** Checked in order; the first that fails gives the message shown. */
  checks: readonly RequestInputCheck[];
}

/**
 * One check: a field's JSON type (`optional`: only when present), a field's value among `oneOf`
 * (only when present), or one of `anyOf` fields present.
 */
export type RequestInputCheck =
  | { field: string; is: 'string' | 'string[]' | 'string|string[]' | 'object' | 'array'; optional?: boolean; message: string }
  | { field: string; oneOf: readonly string[]; message: string }
  | { anyOf: readonly string[]; message: string };

const isStringArray = (v: unknown): boolean => Array.isArray(v) && v.every((x) => typeof x === 'string');
const isObject = (v: unknown): boolean => typeof v === 'object' && v !== null && !Array.isArray(v);

function hasType(v: unknown, is: Extract<RequestInputCheck, { is: string }>['is']): boolean {
  switch (is) {
    case 'string':
      return typeof v === 'string';
    case 'string[]':
      return isStringArray(v);
    case 'string|string[]':
      return typeof v === 'string' || isStringArray(v);
    case 'object':
      return isObject(v);
    case 'array':
      return Array.isArray(v);
  }
}

/**
 * The message of the first check a typed request fails, or undefined when it passes them all.
 * @example firstInputProblem({ template: {}, checks: [{ field: 'action', is: 'string', message: 'no action' }] }, {}) // 'no action'
 */
export function firstInputProblem(help: RequestInputHelp, req: Readonly<Record<string, unknown>>): string | undefined {
  for (const c of help.checks) {
    if ('anyOf' in c) {
      if (!c.anyOf.some((k) => k in req)) return c.message;
    } else if ('oneOf' in c) {
      if (req[c.field] !== undefined && !c.oneOf.includes(req[c.field] as string)) return c.message;
    } else if (!(c.optional && req[c.field] === undefined) && !hasType(req[c.field], c.is)) return c.message;
  }
  return undefined;
}
