import type { AnyDialect } from '../dialects/dialect';
import { parseJson } from '../json/tree';
import type { EvalContext, RuleSet, Verdict } from '../model';
import type { HistoryEntry } from './types';

/**
 * The dialect's parsed request for a history entry (read through the dialect's own request
 * reader, exactly as a stored request would be), or the reason there is none.
 * @example requestFor(claude, entry).request // { tool: 'Bash', command: 'npm test' }
 */
export function requestFor(dialect: AnyDialect, entry: HistoryEntry): { request?: unknown; error?: string } {
  if (!dialect.history) return { error: `${dialect.id} rules do not judge agent tool calls` };
  const fields = dialect.history.requestFields(entry.call);
  if (typeof fields === 'string') return { error: fields };
  const doc = parseJson(JSON.stringify(fields));
  const r = dialect.readRequest(doc.root!, doc.source);
  const bad = r.findings.find((f) => f.severity === 'error');
  if (bad || r.request === undefined) return { error: bad?.message ?? 'not a valid request' };
  return { request: r.request };
}

/**
 * Evaluates a request; an engine failure is a deny with the failure as its branch (fail closed).
 * @example judge(claude, rs, request, ctx).decision
 */
export function judge(dialect: AnyDialect, rs: RuleSet, request: unknown, ctx: EvalContext): Verdict {
  try {
    return dialect.evaluate(rs, request, ctx);
  } catch (e) {
    const why = `evaluation failed: ${e instanceof Error ? e.message : String(e)}`;
    return { decision: 'deny', native: 'deny', code: null, rule: null, details: {}, trace: { dialect: dialect.id, branch: why, sections: [], notes: [why] } };
  }
}
