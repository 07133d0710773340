import { ruleNumber } from '../../shared/model';
import { parseJson } from '../../shared/json/tree';
import { inFile } from '../../shared/model';
import type { EvaluateParams, EvaluateResult, ListRequestsResult, RequestResultInfo } from '../../shared/protocol';
import { parseRequestsFile } from '../../shared/requests/parse';
import { decidingRuleText, safeEvaluate } from '../../shared/requests/run';
import type { RequestResult } from '../../shared/requests/model';
import { resultBucket } from '../../shared/requests/summary';
import { renderTraceMarkdown } from '../../shared/trace/render';
import { withNearMisses } from '../../shared/trace/near-miss';
import { Deadline } from '../../shared/analysis/budget';
import type { Analysis, Workspace } from './workspace';

/**
 * CPU time one `rulelens/evaluate` request (the trace view, "Evaluate Request…") may spend
 * explaining its verdict's near misses: the verdict itself is always whole (the linear matcher
 * decides it); past this the rows left are not explained, the trace's notes and the result's
 * `incomplete` field say so.
 */
export const EVALUATE_MS = 150;

function fail(error: string, dialect?: string): EvaluateResult {
  return { ok: false, error, ...(dialect ? { dialect } : {}) };
}

/**
 * `rulelens/evaluate`: a stored request by name (found in `stored`'s results), or a request
 * object, against the rule document (or the rule file of a requests document), with the verdict,
 * its Markdown and the rule list.
 * @example evaluateRequest(ws, ws.analyze(uri), { uri, requestName: 'B: a protected path' }).verdict?.decision // 'deny'
 */
export function evaluateRequest(ws: Workspace, a: Analysis, params: EvaluateParams, stored: Analysis = a, deadline = new Deadline(EVALUATE_MS)): EvaluateResult {
  const rep = a.report;
  if (!rep?.dialect || !rep.ruleSet) return fail(a.kind === 'requests' ? 'no rule file found for this requests file' : 'not a rule file of any known dialect');
  const dialect = rep.dialect;
  const rs = rep.ruleSet;
  // Rules of built-in layers have no line: the trace names them by their layer instead.
  const rules = rs.rules.filter(inFile).map((r) => ({ index: r.index, number: ruleNumber(r), label: r.label, decision: r.decision, line: r.range.start.line }));
  let request: unknown;
  if (typeof params.requestName === 'string') {
    // Stored requests may come from the last finished run (the server's) while the rules are the current parse.
    const found = (stored.report ?? rep).results.find((r) => r.request.name === params.requestName);
    if (!found) return fail(`no stored request named "${params.requestName}"`, dialect.id);
    if (found.request.request === undefined) return fail(`"${params.requestName}" cannot be evaluated: ${found.error ?? 'invalid request'}`, dialect.id);
    request = found.request.request;
  } else if (params.request && typeof params.request === 'object' && !Array.isArray(params.request)) {
    const body = JSON.stringify({ name: 'request', ...params.request });
    const probe = parseJson(body);
    if (probe.root?.type !== 'object') return fail('the request must be a JSON object', dialect.id);
    const stored = parseRequestsFile('<request>', `{"requests": [${body}]}`, dialect).requests[0];
    const errors = stored?.findings.filter((f) => f.severity === 'error') ?? [];
    if (!stored || stored.request === undefined || errors.length) return fail(`invalid request: ${errors.map((f) => f.message).join('; ') || 'not evaluable'}`, dialect.id);
    request = stored.request;
  } else return fail('give "requestName" or a "request" object', dialect.id);
  const { verdict: raw, error } = safeEvaluate(dialect, rs, request, ws.host.ctx ?? {});
  if (!raw) return fail(error ?? 'evaluation failed', dialect.id);
  const verdict = withNearMisses(raw, deadline);
  const cut = verdict.trace.notes.length > raw.trace.notes.length ? verdict.trace.notes.at(-1) : undefined;
  return { ok: true, dialect: dialect.id, verdict, markdown: renderTraceMarkdown(verdict), rules, ...(cut ? { incomplete: cut } : {}) };
}

function expectText(r: RequestResult): string | null {
  const e = r.request.expect;
  if (!e) return null;
  const fields = Object.keys(e.fields);
  return fields.length ? JSON.stringify({ ...(e.decision ? { decision: e.decision } : {}), ...e.fields }) : e.decision;
}

/**
 * `rulelens/listRequests`: each stored request of the pair with its result.
 * @example listRequestsFor(ws, analysis).requests[1] // { name: 'B: a protected path', decision: 'deny', pass: true, … }
 */
export function listRequestsFor(ws: Workspace, a: Analysis): ListRequestsResult {
  const rep = a.report;
  const requests: RequestResultInfo[] = (rep?.results ?? []).map((r) => {
    const outcome = resultBucket(r);
    // An invalid request says why first: its verdict (when it ran) cannot be trusted.
    const problem = outcome === 'invalid' ? (r.invalid ?? r.request.findings.find((f) => f.severity === 'error'))?.message : undefined;
    const verdict = r.verdict ? `${decidingRuleText(r.verdict)}${r.mismatches.length ? ` — ${r.mismatches.join('; ')}` : ''}` : r.error ?? 'not evaluated';
    return {
      name: r.request.name,
      line: r.request.range.start.line,
      decision: r.verdict?.decision ?? null,
      native: r.verdict?.native ?? null,
      expect: expectText(r),
      pass: r.pass,
      outcome,
      detail: problem ? `${problem}${r.verdict ? ` (it ran: ${verdict})` : ''}` : verdict,
    };
  });
  return {
    ruleUri: a.rulePath && rep ? ws.uriOf(a.rulePath) : null,
    requestsUri: a.requestsPath ? ws.uriOf(a.requestsPath) : null,
    dialect: rep?.dialect?.id ?? null,
    input: rep?.dialect?.vocabulary?.requestInput ?? null,
    requests,
  };
}
