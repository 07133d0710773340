import type { Flip } from '../../shared/diff/flips';
import { ruleName } from '../../shared/diff/format';
import type { CheckSummary } from '../format/json';

/** Findings listed in a summary; the rest are counted (the SARIF log and the job log hold them all). */
export const MAX_SUMMARY_FINDINGS = 50;
/** Flips listed per direction and file. */
export const MAX_SUMMARY_FLIPS = 100;
/** A cell's text is cut here (at a word): a job summary has a size limit of its own. */
const MAX_CELL = 400;

export interface CiFinding {
  file: string;
  line: number;
  column: number;
  severity: string;
  code: string;
  message: string;
  witness?: string;
}

export interface CiComparison {
  file: string;
  dialect: string;
  baseLabel: string;
  absentAtBase: boolean;
  removed: boolean;
  requestsFile: string | null;
  counts: { loosened: number; tightened: number };
  flips: readonly Flip[];
  notes: readonly string[];
}

/** Everything a `ci` run found, as the summary shows it. */
export interface CiResult {
  ok: boolean;
  /** Why the run failed, one phrase each (empty when it passed). */
  reasons: string[];
  /** The check's counts, or null with --no-check. */
  checked: CheckSummary | null;
  maxWarnings: number | undefined;
  findings: CiFinding[];
  findingsTotal: number;
  skipped: string[];
  base: { given: string; commit: string; note?: string } | undefined;
  comparisons: CiComparison[];
  loosened: number;
  tightened: number;
  maxAllowed: number | undefined;
  maxDenied: number | undefined;
}

/** Markdown table cell text: one line, pipes escaped, long text cut at a word with its length said. */
function cell(s: string): string {
  let t = s.replace(/\r?\n/g, ' ');
  if (t.length > MAX_CELL) {
    const cut = t.lastIndexOf(' ', MAX_CELL);
    t = `${t.slice(0, cut > MAX_CELL / 2 ? cut : MAX_CELL)} … (${s.length} characters; the job log has all)`;
  }
  return t.replace(/\|/g, '\\|');
}

/** Inline code that survives backticks inside it. */
function code(s: string): string {
  const t = cell(s);
  const ticks = t.includes('`') ? '``' : '`';
  return `${ticks}${ticks === '``' ? ' ' : ''}${t}${ticks === '``' ? ' ' : ''}${ticks}`;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The flips a budget counts (a stored request's subject lines explain it; a covered witness is that same flip). */
function counted(flips: readonly Flip[]): Flip[] {
  return flips.filter((f) => !(f.kind === 'stored' && f.subject !== null) && f.coveredBy === undefined);
}

/** A row of a flip table: the flip, and for a stored request the subjects whose decision moved with it. */
interface FlipRow {
  file: string;
  f: Flip;
  subjects: string[];
}

function witnessText({ f, subjects }: FlipRow): string {
  if (f.kind === 'witness') return f.witness !== undefined ? code(JSON.stringify(f.witness)) : code(f.request);
  if (f.kind === 'ledger') return `recorded step ${code(f.request)}`;
  return `stored request ${code(f.request)}${subjects.length ? `: ${subjects.map(code).join(', ')}` : ''}`;
}

function flipTable(rows: FlipRow[], total: number): string[] {
  if (!rows.length) return [];
  const out = ['| file | decision | rule before → rule now | witness |', '|---|---|---|---|'];
  for (const row of rows) {
    const f = row.f;
    out.push(`| ${code(row.file)} | ${f.before} → **${f.after}** | ${cell(ruleName(f.beforeRule))} → ${cell(ruleName(f.afterRule))} | ${witnessText(row)} |`);
  }
  if (total > rows.length) out.push('', `… and ${total - rows.length} more (the job log and the SARIF log list all).`);
  return out;
}

/**
 * The Markdown job summary of a `ci` run: the verdict first, then newly allowed decisions with the
 * request that shows each (a witness), newly denied ones, and the check's errors and warnings.
 * @example ciMarkdown(result).startsWith('## RuleLens: ')
 */
export function ciMarkdown(r: CiResult): string {
  const lines: string[] = [];
  lines.push(`## RuleLens: ${r.ok ? '✅ passed' : `❌ failed — ${cell(r.reasons.join('; '))}`}`, '');
  lines.push('| | |', '|---|---|');
  if (r.checked) {
    const c = r.checked;
    lines.push(`| rule files checked | ${c.files} |`);
    lines.push(`| errors | ${c.errors} |`);
    lines.push(`| warnings | ${c.warnings}${r.maxWarnings === undefined ? '' : ` (at most ${r.maxWarnings})`} |`);
    lines.push(`| stored requests | ${c.passed} passed, ${c.failed} failed${c.invalid ? `, ${c.invalid} invalid` : ''} of ${c.requests} |`);
  }
  if (r.base) {
    lines.push(`| compared with | ${code(r.base.commit.slice(0, 12))} (merge base with ${code(r.base.given)}) |`);
    lines.push(`| changed rule files | ${r.comparisons.length} |`);
    lines.push(`| newly allowed | **${r.loosened}**${r.maxAllowed === undefined ? '' : ` (at most ${r.maxAllowed})`} |`);
    lines.push(`| newly denied | ${r.tightened}${r.maxDenied === undefined ? '' : ` (at most ${r.maxDenied})`} |`);
  }
  lines.push('');
  if (r.base?.note) lines.push(`> **Note:** ${cell(r.base.note)}`, '');

  const subjectsOf = (c: CiComparison, f: Flip) => (f.kind === 'stored' ? c.flips.filter((s) => s.kind === 'stored' && s.subject !== null && s.request === f.request && s.direction === f.direction).map((s) => s.subject!) : []);
  const byDirection = (d: Flip['direction']): FlipRow[] => r.comparisons.flatMap((c) => counted(c.flips).filter((f) => f.direction === d).map((f) => ({ file: c.file, f, subjects: subjectsOf(c, f) })));
  const allowed = byDirection('loosened');
  const denied = byDirection('tightened');
  if (allowed.length) lines.push(`### Newly allowed (${allowed.length})`, '', 'Decisions this change makes less strict — each with a request that shows it.', '', ...flipTable(allowed.slice(0, MAX_SUMMARY_FLIPS), allowed.length), '');
  if (denied.length) lines.push(`### Newly denied (${denied.length})`, '', ...flipTable(denied.slice(0, MAX_SUMMARY_FLIPS), denied.length), '');
  for (const c of r.comparisons) {
    const state = c.removed ? 'removed: what it decided reverts to the agent\'s own defaults' : c.absentAtBase ? 'new: everything it decides is new' : '';
    const notes = [state, ...c.notes].filter(Boolean);
    if (notes.length) lines.push(`- ${code(c.file)} (${c.dialect}): ${notes.map(cell).join('; ')}`);
  }
  if (r.comparisons.some((c) => c.removed || c.absentAtBase || c.notes.length)) lines.push('');

  if (r.findings.length) {
    lines.push(`### Errors and warnings (${r.findingsTotal})`, '', '| where | severity | lint | message |', '|---|---|---|---|');
    for (const f of r.findings) lines.push(`| ${code(`${f.file}:${f.line}:${f.column}`)} | ${f.severity} | ${code(f.code)} | ${cell(f.message)}${f.witness !== undefined ? ` (witness: ${code(f.witness)})` : ''} |`);
    if (r.findingsTotal > r.findings.length) lines.push('', `… and ${r.findingsTotal - r.findings.length} more (the job log and the SARIF log list all).`);
    lines.push('');
  }
  if (r.skipped.length) lines.push(`${plural(r.skipped.length, 'named file')} skipped: no dialect claims ${r.skipped.length === 1 ? 'it' : 'them'}.`, '');
  return lines.join('\n');
}
