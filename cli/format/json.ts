import { inFile, ruleNumber, ruleSource, type RuleSet, type Verdict } from '../../shared/model';
import { withSources } from '../../shared/trace/sources';
import type { FileReport } from '../../shared/check/check-file';
import type { Finding } from '../../shared/model';
import type { SuppressedFinding } from '../../shared/config/suppress';
import type { RequestResult } from '../../shared/requests/model';
import { countResults, resultBucket } from '../../shared/requests/summary';

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

/** The deciding rule as JSON: its number less one, id, label, and where it is written with its layer. */
export function ruleJson(v: Verdict, rs?: Pick<RuleSet, 'rules' | 'path' | 'layerName'>) {
  if (!v.rule) return null;
  const rule = rs?.rules.find((x) => x.index === v.rule!.index);
  const source = v.rule.source ?? (rule && rs ? ruleSource(rs, rule) : undefined);
  return { index: ruleNumber(v.rule) - 1, id: v.rule.id, label: v.rule.label, ...(source ? { file: source.file, line: source.line, layer: source.layer } : {}) };
}

/** A verdict's hook dependence as JSON: every hook (command, matcher, file, line, layer) and the decision without them. */
export function hookJson(v: Verdict) {
  return v.hook ? { hooks: v.hook.hooks.map((h) => ({ command: h.command, matcher: h.matcher, file: h.source.file, line: h.source.line, layer: h.source.layer })), without: v.hook.without } : undefined;
}

export function requestJson(r: RequestResult, withTrace = true, rs?: Pick<RuleSet, 'rules' | 'path' | 'layerName'>) {
  const v = r.verdict;
  const hook = v ? hookJson(v) : undefined;
  return {
    name: r.request.name,
    origin: r.request.origin,
    decision: v?.decision ?? null,
    native: v?.native ?? null,
    code: v?.code ?? null,
    expect: r.request.expect ? (r.request.expect.decision !== null && !Object.keys(r.request.expect.fields).length ? r.request.expect.decision : { ...(r.request.expect.decision !== null ? { decision: r.request.expect.decision } : {}), ...r.request.expect.fields }) : null,
    pass: r.pass,
    /** The bucket every surface counts it in (the summary, the lenses, the editor's Testing view). */
    outcome: resultBucket(r),
    mismatches: r.mismatches,
    error: r.error,
    // `index` is the number people see less one: JSON and the text "rule N" share one numbering.
    rule: v ? ruleJson(v, rs) : null,
    ...(hook ? { hook } : {}),
    details: v?.details ?? null,
    ...(withTrace ? { trace: v ? (rs ? withSources(v, rs) : v).trace : null } : {}),
  };
}

/**
 * One file of `check --format json`. Each request carries its verdict and deciding rule; its full
 * trace (a row per rule per subject) only with `withTrace`, so the output grows with the requests
 * and findings, not with requests × rules.
 * @example fileJson(report).requests[0].decision // 'deny'
 */
export function fileJson(rep: FileReport, withTrace = false, withSuppressed = false) {
  return {
    path: rep.path,
    dialect: rep.dialect?.id ?? null,
    rules: rep.ruleSet?.rules.filter(inFile).length ?? 0,
    diagnostics: rep.diagnostics.map(diagnosticJson),
    requestsPath: rep.requestsPath,
    requestDiagnostics: rep.requestDiagnostics.map(diagnosticJson),
    ...(rep.ruleSet?.members ? { policy: rep.ruleSet.members } : {}),
    requests: rep.results.map((r) => requestJson(r, withTrace, rep.ruleSet ?? undefined)),
    ...(withSuppressed ? { suppressed: suppressedOf(rep).map(({ file, s }) => ({ ...diagnosticJson(s.finding), path: file, suppressedBy: s.by })) } : {}),
  };
}

/** Every finding of a report that a suppression hid, with the file it is on (`check --report-suppressed`). */
export function suppressedOf(rep: FileReport): Array<{ file: string; s: SuppressedFinding }> {
  return [...(rep.suppressed ?? []).map((s) => ({ file: rep.path, s })), ...(rep.requestsPath ? (rep.requestSuppressed ?? []).map((s) => ({ file: rep.requestsPath!, s })) : [])];
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
  /** Findings a `rulelens-disable…` comment or a `.rulelens.json` entry hid (listed with `--report-suppressed`). */
  suppressed: number;
}

export const emptySummary = (): CheckSummary => ({ files: 0, errors: 0, warnings: 0, requests: 0, passed: 0, failed: 0, invalid: 0, suppressed: 0 });

/**
 * Adds one file's counts to a running summary, so `check` can drop each report once printed.
 * @example addToSummary(emptySummary(), report).files // 1
 */
export function addToSummary(s: CheckSummary, rep: FileReport): CheckSummary {
  s.files++;
  for (const list of [rep.diagnostics, rep.requestDiagnostics]) {
    for (const f of list) {
      if (f.code === 'request-failed') continue;
      if (f.severity === 'error') s.errors++;
      else if (f.severity === 'warning') s.warnings++;
    }
  }
  s.suppressed += (rep.suppressed?.length ?? 0) + (rep.requestSuppressed?.length ?? 0);
  const c = countResults(rep.results);
  s.requests += c.requests;
  s.passed += c.passed;
  s.failed += c.failed;
  s.invalid += c.invalid;
  return s;
}

export function summarize(reports: FileReport[]): CheckSummary {
  const s = emptySummary();
  for (const rep of reports) addToSummary(s, rep);
  return s;
}
