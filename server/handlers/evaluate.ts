import { EVALUATE_METHOD, type EvaluateParams, type EvaluateResult } from '../../shared/protocol';
import { guard, prepared, type ServerContext } from './context';

/** `rulelens/evaluate`: one request against a rule document, with its full trace. */
export function registerEvaluate(ctx: ServerContext): void {
  const fallback: EvaluateResult = { ok: false, error: 'the server could not evaluate this request (see the RuleLens output)' };
  ctx.connection.onRequest(EVALUATE_METHOD, guard(ctx.connection, 'evaluate', fallback, async (p: EvaluateParams): Promise<EvaluateResult> => {
    if (!p || typeof p.uri !== 'string') return { ok: false, error: 'missing "uri"' };
    await prepared(ctx, [p.uri]);
    return ctx.service.evaluate(p);
  }));
}
