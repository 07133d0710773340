import * as path from 'path';
import type { CodeLens } from 'vscode-languageserver';
import type { FileReport } from '../../shared/check/check-file';
import type { Flip } from '../../shared/diff/flips';
import { flipSummary, ruleName } from '../../shared/diff/format';
import { flipsMarkdown } from '../../shared/diff/markdown';
import { finding, type Finding } from '../../shared/model';
import { COMMANDS, type ShowFlipsArgs } from '../../shared/protocol';
import { BASE_REV, type BaseDiff } from './base-diff';

export const FLIP_CODE = 'decision-flip';

const TOP = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };

/**
 * The lens on top of a changed rule file: `vs HEAD: 2 decisions flip (1 newly allowed)`; clicking
 * it shows every flip as Markdown. A file git does not know yet only says so.
 * @example flipLens(diff, report, uri)?.command?.title // 'vs HEAD: 4 decisions flip (4 newly allowed)'
 */
export function flipLens(diff: BaseDiff | null, report: FileReport, ruleUri: string): CodeLens | undefined {
  if (!diff) return undefined;
  if (diff.state === 'new') return { range: TOP, command: { title: `vs ${BASE_REV}: new file`, command: '' } };
  const c = diff.comparison;
  const args: ShowFlipsArgs = { uri: ruleUri, flips: c.flips, markdown: flipsMarkdown(`${path.basename(report.path)} vs ${BASE_REV}`, c) };
  return { range: TOP, command: { title: `vs ${BASE_REV}: ${flipSummary(c.counts)}`, command: COMMANDS.showFlips, arguments: [args] } };
}

/**
 * Each stored request's own flip (not its subject lines), by request name.
 * @example requestFlips(diff).get('B: a protected path')?.after // 'allow'
 */
export function requestFlips(diff: BaseDiff | null): Map<string, Flip> {
  const out = new Map<string, Flip>();
  if (diff?.state !== 'changed') return out;
  for (const f of diff.comparison.flips) if (f.kind === 'stored' && f.subject === null) out.set(f.request, f);
  return out;
}

/**
 * The suffix of a flipped request's lens.
 * @example flipSuffix(flip) // 'vs HEAD: deny → allow'
 */
export function flipSuffix(f: Flip): string {
  return `vs ${BASE_REV}: ${f.before} → ${f.after}`;
}

/**
 * One Information finding per flipped stored request, on its name in the requests file. The
 * subjects that flipped follow on their own lines; the related location is the rule that decides
 * now, which is where a reviewer goes next.
 * @example flipFindings(diff, report)[0].message // 'vs HEAD: deny → allow (rule 3: edit secrets/* deny → rule 4: edit * allow)'
 */
export function flipFindings(diff: BaseDiff | null, report: FileReport): Finding[] {
  if (diff?.state !== 'changed' || !report.requestsFile) return [];
  const stored = new Map(report.requestsFile.requests.map((r) => [r.name, r]));
  const subjects = diff.comparison.flips.filter((f) => f.kind === 'stored' && f.subject !== null);
  const out: Finding[] = [];
  for (const f of requestFlips(diff).values()) {
    const range = stored.get(f.request)?.nameRange ?? f.range;
    if (!range) continue;
    const lines = [`${flipSuffix(f)} (${ruleName(f.beforeRule)} → ${ruleName(f.afterRule)})`];
    for (const s of subjects) if (s.request === f.request) lines.push(`${s.subject}: ${s.before} → ${s.after} (${ruleName(s.beforeRule)} → ${ruleName(s.afterRule)})`);
    const now = f.afterRule ? report.ruleSet?.rules.find((r) => r.index === f.afterRule!.index) : undefined;
    const related = now ? [{ path: report.path, range: now.range, message: `decides now: ${ruleName(f.afterRule)}` }] : undefined;
    out.push(finding(FLIP_CODE, 'information', lines.join('\n'), range, { related, data: { request: f.request, before: f.before, after: f.after, base: BASE_REV } }));
  }
  return out;
}
