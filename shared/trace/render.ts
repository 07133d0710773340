import { HOOK_DEPENDENT, hookSentence, ruleNumber, type TraceRow } from '../model';
import type { Trace, TraceSection, Verdict } from '../model';
import { outcomesOf, type SubjectOutcome } from '../compiled/outcomes';

const mark = (m: boolean | null): string => (m === null ? '–' : m ? '✓' : '✗');

/** `rule 3: edit secrets/* deny`, `no rule (default ask)`; a hook-dependent verdict says so first. */
export function ruleText(v: Verdict): string {
  const hook = v.hook ? `${hookSentence(v.hook)}; ` : '';
  if (v.rule) return `${hook}rule ${ruleNumber(v.rule)}: ${v.rule.label}${v.rule.source && v.rule.source.file !== null ? ` (${v.rule.source.layer})` : ''}`;
  const decisive = outcomesOf(v).find((s) => s.decision === v.decision);
  return `${hook}${decisive ? decisive.branch : v.trace.branch}`;
}

/** A row's place for people: `  [.claude/settings.local.json:3, local settings]`. */
function rowPlace(r: TraceRow): string {
  const s = r.source;
  if (!s) return '';
  return s.file === null ? `  [${s.layer}]` : `  [${s.file}:${s.line}, ${s.layer}]`;
}

/** One line per subject: `secrets/test.env → deny (rule 3: edit secrets/* deny)`. */
export function subjectLines(trace: Trace | readonly SubjectOutcome[], labelOf: (index: number) => string | undefined, numberOf: (index: number) => number | undefined = () => undefined): string[] {
  const outcomes = Array.isArray(trace) ? (trace as readonly SubjectOutcome[]) : (trace as Trace).sections.map((s) => {
    const row = s.rows.find((r) => r.rule === s.controlling);
    return { ...s, label: row?.label ?? '', number: row ? rowNumber(row) : undefined };
  });
  return outcomes.map((s) => {
    const shown = numberOf(s.controlling ?? -1) ?? (s as { number?: number }).number ?? (s.controlling ?? 0) + 1;
    const who = s.controlling !== null ? `rule ${shown}: ${labelOf(s.controlling) ?? s.label}` : s.branch;
    return `${s.subject} → ${s.decision ?? '—'} (${who})`;
  });
}

function sectionText(s: TraceSection, indent: string): string[] {
  const lines = [`${indent}${s.kind} ${JSON.stringify(s.subject)} → ${s.decision ?? '—'}: ${s.branch}`];
  for (const r of s.rows) {
    const marks = s.columns.map((c, i) => `${c} ${mark(r.matches[i] ?? null)}`).join('  ');
    const ctl = r.rule === s.controlling ? '  ◀ controls' : '';
    lines.push(`${indent}  ${rowMark(r).padStart(4)} ${marks}  ${r.label}${ctl}${r.note && !ctl ? `  (${r.note})` : ''}${rowPlace(r)}`);
  }
  if (!s.rows.length) lines.push(`${indent}  (no rules)`);
  return lines;
}

/**
 * The full trace as plain text for terminals and output channels.
 * @example renderTraceText(verdict).split('\n')[0] // 'deny — deny resolved before saved approvals …'
 */
export function renderTraceText(v: Verdict): string {
  const lines = [`${v.native}${v.code ? ` ${v.code}` : ''} — ${v.trace.branch}`];
  if (v.hook) lines.push(`  ${HOOK_DEPENDENT}: ${hookSentence(v.hook)}`);
  for (const s of v.trace.sections) lines.push(...sectionText(s, '  '));
  for (const n of v.trace.notes) lines.push(`  note: ${n}`);
  return lines.join('\n');
}

const md = (s: string) => s.replace(/([\\`*_[\]|<>])/g, '\\$1');

/**
 * The trace as Markdown (hovers, the trace view's fallback): one table per subject.
 * @example renderTraceMarkdown(verdict).includes('| rule |') // true
 */
export function renderTraceMarkdown(v: Verdict, opts: { compact?: boolean } = {}): string {
  const out = [`**${md(v.native)}**${v.code ? ` \`${v.code}\`` : ''} — ${md(v.trace.branch)}`, ''];
  if (v.hook) out.push(`**${HOOK_DEPENDENT}**: ${md(hookSentence(v.hook))}`, '');
  for (const s of v.trace.sections) {
    out.push(`**${md(s.kind)}** \`${s.subject.replace(/`/g, "'")}\` → **${s.decision ?? '—'}** — ${md(s.branch)}`, '');
    if (opts.compact) {
      const ctl = s.rows.find((r) => r.rule === s.controlling);
      if (ctl) out.push(`controlled by rule ${rowNumber(ctl)}: \`${ctl.label.replace(/`/g, "'")}\``, '');
      continue;
    }
    out.push(`| rule | ${s.columns.join(' | ')} | |`, `|---|${s.columns.map(() => ':-:').join('|')}|---|`);
    for (const r of s.rows) {
      const ctl = r.rule === s.controlling ? '**◀ controls**' : r.note ? md(r.note) : '';
      const place = r.source ? (r.source.file === null ? ` — ${md(r.source.layer)}` : ` — ${md(r.source.layer)}, line ${r.source.line}`) : '';
      out.push(`| ${rowMark(r)} \`${r.label.replace(/`/g, "'").replace(/\|/g, '\\|')}\`${place} | ${s.columns.map((_, i) => mark(r.matches[i] ?? null)).join(' | ')} | ${ctl} |`);
    }
    out.push('');
  }
  for (const n of v.trace.notes) out.push(`> ${md(n)}`, '');
  return out.join('\n');
}

/** A trace row's rule number as people see it (see `Rule.number`). */
export function rowNumber(r: TraceRow): number {
  return r.number ?? r.rule + 1;
}

/** `3.` for a rule's row, `•` for a row that stands for no rule (an agent's guard, a hook). */
function rowMark(r: TraceRow): string {
  return r.rule < 0 && r.number === undefined ? '•' : `${rowNumber(r)}.`;
}
