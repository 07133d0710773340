import { ruleNumber } from '../../shared/model';
import type { FileReport } from '../../shared/check/check-file';
import type { Finding } from '../../shared/model';
import type { RequestResult } from '../../shared/requests/model';
import { countResults } from '../../shared/requests/summary';

export function diagnosticJson(f: Finding) {
  return {
    code: f.code,
    severity: f.severity,
    message: f.message,
    range: f.range,
    ...(f.witness !== undefined ? { witness: f.witness } : {}),
    ...(f.related?.length ? { related: f.related } : {}),
    ...(f.unnecessary ? { unnecessary: true } : {}),
  };
}

export function requestJson(r: RequestResult, withTrace = true) {
  const v = r.verdict;
  return {
    name: r.request.name,
    origin: r.request.origin,
    decision: v?.decision ?? null,
    native: v?.native ?? null,
    code: v?.code ?? null,
    expect: r.request.expect ? (r.request.expect.decision !== null && !Object.keys(r.request.expect.fields).length ? r.request.expect.decision : { ...(r.request.expect.decision !== null ? { decision: r.request.expect.decision } : {}), ...r.request.expect.fields }) : null,
    pass: r.pass,
    mismatches: r.mismatches,
    error: r.error,
    // `index` is the number people see less one: JSON and the text "rule N" share one numbering.
    rule: v?.rule ? { index: ruleNumber(v.rule) - 1, id: v.rule.id, label: v.rule.label } : null,
    details: v?.details ?? null,
    ...(withTrace ? { trace: v?.trace ?? null } : {}),
  };
}

export function fileJson(rep: FileReport) {
  return {
    path: rep.path,
    dialect: rep.dialect?.id ?? null,
    rules: rep.ruleSet?.rules.length ?? 0,
    diagnostics: rep.diagnostics.map(diagnosticJson),
    requestsPath: rep.requestsPath,
    requestDiagnostics: rep.requestDiagnostics.map(diagnosticJson),
    requests: rep.results.map((r) => requestJson(r)),
  };
}

export interface CheckSummary {
  files: number;
  errors: number;
  warnings: number;
  requests: number;
  passed: number;
  failed: number;
  /** Requests with an error of their own (unknown field, unknown agent): never counted as passed. */
  invalid: number;
}

export function summarize(reports: FileReport[]): CheckSummary {
  const s: CheckSummary = { files: reports.length, errors: 0, warnings: 0, requests: 0, passed: 0, failed: 0, invalid: 0 };
  for (const rep of reports) {
    for (const f of [...rep.diagnostics, ...rep.requestDiagnostics]) {
      if (f.code === 'request-failed') continue;
      if (f.severity === 'error') s.errors++;
      else if (f.severity === 'warning') s.warnings++;
    }
    const c = countResults(rep.results);
    s.requests += c.requests;
    s.passed += c.passed;
    s.failed += c.failed;
    s.invalid += c.invalid;
  }
  return s;
}
