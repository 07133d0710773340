import * as path from 'path';
import type { CodeLens } from 'vscode-languageserver';
import type { FileReport } from '../../shared/check/check-file';
import type { Flip } from '../../shared/diff/flips';
import { flipSummary, ruleName } from '../../shared/diff/format';
import { flipsMarkdown } from '../../shared/diff/markdown';
import { finding, type Finding, type RelatedInfo } from '../../shared/model';
import { COMMANDS, type ShowFlipsArgs } from '../../shared/protocol';
import { BASE_REV, type BaseDiff } from './base-diff';

export const FLIP_CODE = 'decision-flip';

const TOP = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };

/**
 * The lens on top of a changed rule file: `vs HEAD: 2 decisions flipped (1 newly allowed)`;
 * clicking it shows every flip as Markdown. "No decision flipped" is said only with what was
 * compared; a change nothing could be compared on says what is missing. A file git does not know
 * yet only says so. While the comparison of the current version runs (`checking`), the lens says
 * so, over an earlier version's flips if there are any; a search its time limit stopped says it is
 * incomplete (the notes say where).
 * @example flipLens(diff, report, uri)?.command?.title // 'vs HEAD: 4 decisions flipped (4 newly allowed)'
 */
export function flipLens(diff: BaseDiff | null, report: FileReport, ruleUri: string, checking = false): CodeLens | undefined {
  if (!diff) return checking ? { range: TOP, command: { title: `vs ${BASE_REV}: ${CHECKING}`, command: '' } } : undefined;
  if (diff.state === 'new') return { range: TOP, command: { title: `vs ${BASE_REV}: new file`, command: '' } };
  const c = diff.comparison;
  const args: ShowFlipsArgs = { uri: ruleUri, flips: c.flips, markdown: flipsMarkdown(`${path.basename(report.path)} vs ${BASE_REV}`, c) };
  // A search that did not examine the whole change says so: "no decision flipped" would be a claim it cannot make.
  const gap = diff.incomplete ? ` · ${INCOMPLETE}` : c.unsearched.length ? ' — search incomplete' : '';
  const title = `vs ${BASE_REV}: ${comparedSummary(c.counts, report)}${gap}${checking ? ` · ${EARLIER_FLIPS}` : ''}`;
  return { range: TOP, command: { title, command: COMMANDS.showFlips, arguments: [args] } };
}

/**
 * The flip headline with what it rests on when nothing flipped: the stored requests run on both
 * versions and whether the dialect searched for witnesses.
 * @example comparedSummary({ loosened: 0, tightened: 0 }, claudeReportWithoutRequests) // 'changed, not compared: no stored requests, no witness search for Claude Code'
 */
export function comparedSummary(counts: { loosened: number; tightened: number }, report: FileReport): string {
  if (counts.loosened + counts.tightened > 0) return flipSummary(counts);
  const stored = report.results.filter((r) => r.request.index >= 0 && r.verdict).length;
  const searched = report.dialect?.witnesses !== undefined;
  const storedText = `${stored} stored request${stored === 1 ? '' : 's'}`;
  if (stored === 0 && !searched) return `changed, not compared: no stored requests, no witness search for ${report.dialect?.title ?? 'this dialect'}`;
  return `${flipSummary(counts)} (${[stored ? storedText : 'no stored requests', searched ? 'witness search' : `no witness search for ${report.dialect?.title ?? 'this dialect'}`].join(', ')})`;
}

/** The vs-base lens while the comparison runs with no earlier one to show. */
export const CHECKING = 'checking…';
/** The vs-base lens over an earlier version's flips while the current one's are searched. */
export const EARLIER_FLIPS = 'earlier version, checking…';
/** The vs-base lens of a search its time limit stopped (its notes, shown on click, say what was not searched). */
export const INCOMPLETE = 'search incomplete (time limit)';

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

/** Longest message the editor shows on one row; longer detail goes to related information. */
const MAX_MESSAGE = 120;

/**
 * One Information finding per flipped stored request, on its name in the requests file: a short
 * message (`vs HEAD: deny → allow, now rule 4: edit * allow`, or without the rule when that would
 * be longer than a row), the rule that decided before and each subject that flipped as related
 * information, and the rule that decides now — where a reviewer goes next.
 * @example flipFindings(diff, report)[0].message // 'vs HEAD: deny → allow, now rule 4: edit * allow'
 */
export function flipFindings(diff: BaseDiff | null, report: FileReport): Finding[] {
  if (diff?.state !== 'changed' || !report.requestsFile) return [];
  const stored = new Map(report.requestsFile.requests.map((r) => [r.name, r]));
  const subjects = diff.comparison.flips.filter((f) => f.kind === 'stored' && f.subject !== null);
  const out: Finding[] = [];
  for (const f of requestFlips(diff).values()) {
    const range = stored.get(f.request)?.nameRange ?? f.range;
    if (!range) continue;
    const long = `${flipSuffix(f)}, now ${ruleName(f.afterRule)}`;
    const message = long.length <= MAX_MESSAGE ? long : flipSuffix(f);
    const related: RelatedInfo[] = [{ range, message: `before: ${ruleName(f.beforeRule)} decided ${f.before}` }];
    for (const s of subjects) if (s.request === f.request) related.push({ range, message: `${s.subject}: ${s.before} → ${s.after} (${ruleName(s.beforeRule)} → ${ruleName(s.afterRule)})` });
    const now = f.afterRule ? report.ruleSet?.rules.find((r) => r.index === f.afterRule!.index) : undefined;
    if (now) related.push({ path: report.path, range: now.range, message: `decides now: ${ruleName(f.afterRule)}` });
    out.push(finding(FLIP_CODE, 'information', message, range, { related, data: { request: f.request, before: f.before, after: f.after, base: BASE_REV } }));
  }
  return out;
}
