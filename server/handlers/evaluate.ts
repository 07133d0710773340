import { EVALUATE_METHOD, type EvaluateParams, type EvaluateResult } from '../../shared/protocol';
import { guard, type ServerContext } from './context';

/** `rulelens/evaluate`: one request against a rule document, with its full trace. */
export function registerEvaluate(ctx: ServerContext): void {
  const fallback: EvaluateResult = { ok: false, error: 'the server could not evaluate this request (see the RuleLens output)' };
  ctx.connection.onRequest(EVALUATE_METHOD, guard(ctx.connection, 'evaluate', fallback, async (p: EvaluateParams): Promise<EvaluateResult> => {
    if (!p || typeof p.uri !== 'string') return { ok: false, error: 'missing "uri"' };
    await ctx.service.ready(p.uri);
    await ctx.settings.prepare([p.uri]);
    return ctx.service.evaluate(p);
  }));
}
