import { inFile, ruleNumber, ruleSource, type RuleRef, type RuleSet, type Trace, type Verdict } from '../../shared/model';
import { withSources } from '../../shared/trace/sources';
import type { FileReport } from '../../shared/check/check-file';
import type { Flip } from '../../shared/diff/flips';
import type { Finding, RelatedInfo } from '../../shared/model';
import type { SuppressedFinding } from '../../shared/config/suppress';
import type { RequestResult } from '../../shared/requests/model';
import { countResults, resultBucket } from '../../shared/requests/summary';
import { rowNumber } from '../../shared/trace/render';

/**
 * A finding's whole message and the related entries beyond it: a headline cut for the editor keeps
 * its rest as the first related entry, which the whole message already says.
 * @example fullMessage(f).message // the message without the headline's "…"
 */
export function fullMessage(f: Finding): { message: string; related: RelatedInfo[] } {
  if (f.full === undefined) return { message: f.message, related: f.related ?? [] };
  return { message: f.full, related: (f.related ?? []).slice(1) };
}

export function diagnosticJson(f: Finding) {
  const { message, related } = fullMessage(f);
  return {
    code: f.code,
    severity: f.severity,
    message,
    ...(f.full !== undefined ? { headline: f.message } : {}),
    range: f.range,
    ...(f.witness !== undefined ? { witness: f.witness } : {}),
    ...(related.length ? { related } : {}),
    ...(f.unnecessary ? { unnecessary: true } : {}),
  };
}

/**
 * A rule reference in JSON: `number` is the "rule N" every message shows, `index` that number less one.
 * @example ruleRefJson({ index: 2, id: null, label: 'edit secrets/* deny' }) // { index: 2, number: 3, id: null, label: … }
 */
export function ruleRefJson(r: RuleRef | null | undefined) {
  if (!r) return null;
  const number = ruleNumber(r);
  return { index: number - 1, number, id: r.id, label: r.label };
}

/** The deciding rule as JSON: its number (and that less one), id, label, and where it is written with its layer. */
export function ruleJson(v: Verdict, rs?: Pick<RuleSet, 'rules' | 'path' | 'layerName'>) {
  if (!v.rule) return null;
  const rule = rs?.rules.find((x) => x.index === v.rule!.index);
  const source = v.rule.source ?? (rule && rs ? ruleSource(rs, rule) : undefined);
  return { ...ruleRefJson(v.rule)!, ...(source ? { file: source.file, line: source.line, layer: source.layer } : {}) };
}

/** A verdict's hook dependence as JSON: every hook (command, matcher, file, line, layer) and the decision without them. */
export function hookJson(v: Verdict) {
  return v.hook ? { hooks: v.hook.hooks.map((h) => ({ command: h.command, matcher: h.matcher, file: h.source.file, line: h.source.line, layer: h.source.layer })), without: v.hook.without } : undefined;
}

/** A trace in JSON: every row also carries the rule's shown `number` beside its `rule` index. */
export function traceJson(t: Trace | null | undefined) {
  if (!t) return null;
  return { ...t, sections: t.sections.map((s) => ({ ...s, rows: s.rows.map((r) => ({ ...r, number: rowNumber(r) })) })) };
}

/** A decision flip in JSON, its rules numbered as the text shows them. */
export function flipJson(f: Flip) {
  return { ...f, beforeRule: ruleRefJson(f.beforeRule), afterRule: ruleRefJson(f.afterRule) };
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
    ...(withTrace ? { trace: v ? traceJson((rs ? withSources(v, rs) : v).trace) : null } : {}),
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
