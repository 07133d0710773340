import * as path from 'path';
import type { FileReport } from '../../shared/check/check-file';
import { inFile, ruleNumber, ruleSource, type Finding, type RuleSet } from '../../shared/model';
import type { RequestResult } from '../../shared/requests/model';
import { countResults } from '../../shared/requests/summary';
import type { SuppressedFinding } from '../../shared/config/suppress';
import { renderTraceText, ruleText, subjectLines } from '../../shared/trace/render';
import { withSources } from '../../shared/trace/sources';
import { outcomesOf, type SubjectOutcome } from '../../shared/compiled/outcomes';
import { fullMessage, suppressedOf } from './json';
import { outputWidth, wrapLine } from './wrap';

/** A finding's lines: the whole message (never its editor headline), then its other places. */
function diagLines(file: string, f: Finding, cwd: string): string[] {
  const { message, related } = fullMessage(f);
  const at = (p: string, r: Finding['range']) => `${p}:${r.start.line + 1}:${r.start.character + 1}`;
  const lines = [`  ${at(file, f.range)} ${f.severity} ${f.code}: ${message}${f.witness !== undefined ? ` (witness: ${JSON.stringify(f.witness)})` : ''}`];
  for (const r of related) lines.push(`      ${at(r.path ? path.relative(cwd, r.path) || r.path : file, r.range)}: ${r.message}`);
  return lines;
}

/** A hidden finding, and what hid it: `… suppressed dead-rule: … (a comment on line 3: kept for the record)`. */
function suppressedLine(file: string, s: SuppressedFinding, cwd: string): string {
  const f = s.finding;
  const by = s.by.kind === 'comment' ? `a comment on line ${s.by.line + 1}` : path.relative(cwd, s.by.file) || s.by.file;
  return `  ${file}:${f.range.start.line + 1}:${f.range.start.character + 1} suppressed ${f.code}: ${fullMessage(f).message} (by ${by}${s.by.reason ? `: ${s.by.reason}` : ''})`;
}

/** Outcomes that say the same (subject, decision, deciding rule) once, with every kind that said it. */
function distinctOutcomes(outcomes: readonly SubjectOutcome[]): Array<{ outcome: SubjectOutcome; kinds: string[] }> {
  const groups = new Map<string, { outcome: SubjectOutcome; kinds: string[] }>();
  for (const o of outcomes) {
    const key = JSON.stringify([o.subject, o.decision, o.controlling, o.controlling === null ? o.branch : '']);
    const g = groups.get(key);
    if (g) {
      if (!g.kinds.includes(o.kind)) g.kinds.push(o.kind);
    } else groups.set(key, { outcome: o, kinds: [o.kind] });
  }
  return [...groups.values()];
}

/**
 * One request's lines: mark, name, decision and deciding rule on one line; below it only what that
 * line does not say — each subject when several decide differently, each view of one subject (as
 * written, normalized, resolved) when the views disagree, labelled with the view.
 */
export function requestLines(r: RequestResult, labelOf: (i: number) => string | undefined, numberOf: (i: number) => number | undefined = () => undefined, placeOf: (i: number) => string | undefined = () => undefined): string[] {
  const broken = r.request.findings.some((f) => f.severity === 'error');
  const mark = r.pass === false ? '✗' : broken || !r.verdict ? '!' : r.pass === true ? '✓' : '·';
  if (!r.verdict) return [`  ${mark} ${r.request.name}: not evaluated — ${r.error}`];
  const v = r.verdict;
  const head = ruleText(v);
  const where = v.rule ? placeOf(v.rule.index) : undefined;
  const lines = [`  ${mark} ${r.request.name}: ${v.native}${v.code ? ` ${v.code}` : ''} — ${head}${where ? ` [${where}]` : ''}`];
  if (r.pass === false) lines.push(`      ${r.mismatches.join('; ')}`);
  // Outcomes, not the trace: a fast path's verdict knows them without a row per rule.
  const groups = distinctOutcomes(outcomesOf(v));
  const sameAsHead = (o: SubjectOutcome) => o.decision === v.decision && (v.rule ? o.controlling === v.rule.index : o.controlling === null);
  if (groups.length === 1 && sameAsHead(groups[0].outcome)) return lines;
  const perSubject = new Map<string, number>();
  for (const g of groups) perSubject.set(g.outcome.subject, (perSubject.get(g.outcome.subject) ?? 0) + 1);
  for (const g of groups) {
    const [line] = subjectLines([g.outcome], labelOf, numberOf);
    const label = (perSubject.get(g.outcome.subject) ?? 0) > 1 ? `${g.kinds.join(', ')}: ` : '';
    lines.push(`      ${label}${line}`);
  }
  if (!groups.length && v.trace.branch !== head) lines.push(`      ${v.trace.branch}`);
  return lines;
}

/**
 * One file's block of the people format of `rulelens check` (printed as soon as the file is checked).
 * @example formatFileText(report, process.cwd()).split('\n')[0] // 'opencode.json (opencode, 3 rules)'
 */
export function formatFileText(rep: FileReport, cwd: string, withTrace = false, withSuppressed = false, width = outputWidth()): string {
  const out: string[] = [];
  // Messages wrap at a word; a trace's table rows are kept whole so its columns stay aligned.
  const push = (...lines: string[]) => out.push(...lines.flatMap((l) => wrapLine(l, width)));
  const rel = path.relative(cwd, rep.path) || rep.path;
  push(`${rel} (${rep.dialect?.id ?? 'unknown'}, ${rep.ruleSet?.rules.filter(inFile).length ?? 0} rules)`);
  for (const f of rep.diagnostics) push(...diagLines(rel, f, cwd));
  if (rep.requestsPath) {
    const rrel = path.relative(cwd, rep.requestsPath) || rep.requestsPath;
    const c = countResults(rep.results);
    push(`  requests: ${rrel} — ${c.requests} requests · ${c.passed} pass · ${c.failed} fail${c.invalid ? ` · ${c.invalid} invalid` : ''}${c.unchecked ? ` · ${c.unchecked} without expect` : ''}`);
    for (const f of rep.requestDiagnostics) if (f.code !== 'request-failed') push(...diagLines(rrel, f, cwd));
  }
  if (withSuppressed) for (const { file, s } of suppressedOf(rep)) push(suppressedLine(path.relative(cwd, file) || file, s, cwd));
  if (rep.results.length) {
    const labelOf = (i: number) => rep.ruleSet?.rules[i]?.label;
    const placeOf = rep.ruleSet ? placeIn(rep.ruleSet, cwd) : undefined;
    for (const r of rep.results) {
      push(...requestLines(r, labelOf, (i) => { const rule = rep.ruleSet?.rules[i]; return rule ? ruleNumber(rule) : undefined; }, placeOf));
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
