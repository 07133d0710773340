import * as path from 'path';
import type { FileReport } from '../../shared/check/check-file';
import { inFile, ruleNumber, ruleSource, type Finding, type RuleSet } from '../../shared/model';
import type { RequestResult } from '../../shared/requests/model';
import { countResults } from '../../shared/requests/summary';
import type { SuppressedFinding } from '../../shared/config/suppress';
import { suppressedOf } from './json';
import { renderTraceText, ruleText, subjectLines } from '../../shared/trace/render';
import { withSources } from '../../shared/trace/sources';
import { outcomesOf } from '../../shared/compiled/outcomes';

function diagLine(file: string, f: Finding): string {
  return `  ${file}:${f.range.start.line + 1}:${f.range.start.character + 1} ${f.severity} ${f.code}: ${f.message}${f.witness !== undefined ? ` (witness: ${JSON.stringify(f.witness)})` : ''}`;
}

/** A hidden finding, and what hid it: `… suppressed dead-rule: … (a comment on line 3: kept for the record)`. */
function suppressedLine(file: string, s: SuppressedFinding, cwd: string): string {
  const f = s.finding;
  const by = s.by.kind === 'comment' ? `a comment on line ${s.by.line + 1}` : path.relative(cwd, s.by.file) || s.by.file;
  return `  ${file}:${f.range.start.line + 1}:${f.range.start.character + 1} suppressed ${f.code}: ${f.message} (by ${by}${s.by.reason ? `: ${s.by.reason}` : ''})`;
}

/** One request's lines: mark, name, decision, deciding rule, then one line per subject when several. */
export function requestLines(r: RequestResult, labelOf: (i: number) => string | undefined, numberOf: (i: number) => number | undefined = () => undefined, placeOf: (i: number) => string | undefined = () => undefined): string[] {
  const broken = r.request.findings.some((f) => f.severity === 'error');
  const mark = r.pass === false ? '✗' : broken || !r.verdict ? '!' : r.pass === true ? '✓' : '·';
  if (!r.verdict) return [`  ${mark} ${r.request.name}: not evaluated — ${r.error}`];
  const v = r.verdict;
  const where = v.rule ? placeOf(v.rule.index) : undefined;
  const lines = [`  ${mark} ${r.request.name}: ${v.native}${v.code ? ` ${v.code}` : ''} — ${ruleText(v)}${where ? ` [${where}]` : ''}`];
  if (r.pass === false) lines.push(`      ${r.mismatches.join('; ')}`);
  // Outcomes, not the trace: a fast path's verdict knows them without a row per rule.
  const outcomes = outcomesOf(v);
  if (outcomes.length > 1 || (outcomes.length === 1 && outcomes[0].subject !== '')) {
    for (const l of subjectLines(outcomes, labelOf, numberOf)) lines.push(`      ${l}`);
  }
  if (outcomes.length === 0) lines.push(`      ${v.trace.branch}`);
  return lines;
}

/**
 * One file's block of the people format of `rulelens check` (printed as soon as the file is checked).
 * @example formatFileText(report, process.cwd()).split('\n')[0] // 'opencode.json (opencode, 3 rules)'
 */
export function formatFileText(rep: FileReport, cwd: string, withTrace = false, withSuppressed = false): string {
  const out: string[] = [];
  const rel = path.relative(cwd, rep.path) || rep.path;
  out.push(`${rel} (${rep.dialect?.id ?? 'unknown'}, ${rep.ruleSet?.rules.filter(inFile).length ?? 0} rules)`);
  for (const f of rep.diagnostics) out.push(diagLine(rel, f));
  if (rep.requestsPath) {
    const rrel = path.relative(cwd, rep.requestsPath) || rep.requestsPath;
    const c = countResults(rep.results);
    out.push(`  requests: ${rrel} — ${c.requests} requests · ${c.passed} pass · ${c.failed} fail${c.invalid ? ` · ${c.invalid} invalid` : ''}${c.unchecked ? ` · ${c.unchecked} without expect` : ''}`);
    for (const f of rep.requestDiagnostics) if (f.code !== 'request-failed') out.push(diagLine(rrel, f));
  }
  if (withSuppressed) for (const { file, s } of suppressedOf(rep)) out.push(suppressedLine(path.relative(cwd, file) || file, s, cwd));
  if (rep.results.length) {
    const labelOf = (i: number) => rep.ruleSet?.rules[i]?.label;
    const placeOf = rep.ruleSet ? placeIn(rep.ruleSet, cwd) : undefined;
    for (const r of rep.results) {
      out.push(...requestLines(r, labelOf, (i) => { const rule = rep.ruleSet?.rules[i]; return rule ? ruleNumber(rule) : undefined; }, placeOf));
      if (withTrace && r.verdict) out.push(renderTraceText(rep.ruleSet ? withSources(r.verdict, rep.ruleSet) : r.verdict).replace(/^/gm, '      '));
    }
  }
  out.push('');
  return out.join('\n');
}

/**
 * Where a deciding rule of another file or layer of the policy is written, for people:
 * `.claude/settings.local.json:3, local settings`; nothing for the checked file's own rules.
 */
export function placeIn(rs: RuleSet, cwd: string): (index: number) => string | undefined {
  return (i) => {
    const rule = rs.rules.find((x) => x.index === i);
    if (!rule || inFile(rule)) return undefined;
    const s = ruleSource(rs, rule);
    if (s.file === null) return undefined;
    return `${path.relative(cwd, s.file) || s.file}:${s.line}, ${s.layer}`;
  };
}

/** The people format of `rulelens check` for a list of reports. */
export function formatCheckText(reports: FileReport[], cwd: string): string {
  return reports.map((rep) => formatFileText(rep, cwd)).join('\n');
}
