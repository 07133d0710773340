import { dialectById, initDialects, type AnyDialect } from '../../../shared/dialects';
import type { EvalContext, RuleSet, Verdict } from '../../../shared/model';
import { parseRequestsFile } from '../../../shared/requests/parse';
import { safeEvaluate } from '../../../shared/requests/run';

export { initDialects };

/** Wall-clock milliseconds of `f`, and its result. */
export function timed<T>(f: () => T): { ms: number; value: T } {
  const t0 = performance.now();
  const value = f();
  return { ms: performance.now() - t0, value };
}

/** `describe` when the dialect is registered, `describe.skip` until it lands. */
export function withDialect(id: string, title: string, body: (d: AnyDialect) => void): void {
  const d = dialectById(id);
  if (d) describe(title, () => body(d));
  else describe.skip(`${title} (dialect ${id} not registered)`, () => undefined);
}

/**
 * Evaluates one request object as a stored request would be: through the dialect's reader (so the
 * request has the shape the dialect gives it), failing loudly when the reader rejects it.
 */
export function decide(d: AnyDialect, rs: RuleSet, request: Record<string, unknown>, ctx: EvalContext = {}): Verdict {
  const file = parseRequestsFile('hostile.requests.json', JSON.stringify({ requests: [{ name: 'r', ...request }] }), d);
  const stored = file.requests[0];
  if (stored.request === undefined) throw new Error(`request rejected: ${stored.findings.map((f) => f.message).join('; ')}`);
  const { verdict, error } = safeEvaluate(d, rs, stored.request, ctx);
  if (!verdict) throw new Error(error ?? 'no verdict');
  return verdict;
}
