import * as fs from 'fs';
import * as path from 'path';
import { loadRuleSet } from '../../shared/check/check-file';
import { readText } from '../../shared/host/node-fs';
import { DEFAULT_HISTORY_DIALECT, dialectById, type AnyDialect, type HistoryCapability } from '../../shared/dialects';
import { historyRequestsFile, importHistory, rulesRefFrom, type ImportResult } from '../../shared/history';
import { dialectOption, format, parse } from '../args';
import { evalContext, UsageError, type Out } from '../io';
import { progressBar } from '../progress';

/**
 * `rulelens import HISTORY... [--rules RULEFILE | --dialect claude|opencode|omp] [--out FILE] [--since ISO] [--format text|json]`
 * Reads agent history (Claude Code session files and hook input lines, Gemini CLI sessions, Codex
 * CLI rollouts) and
 * writes the distinct calls as `copied` stored requests. Exit 0; 1 when some lines could not be
 * read (the rest is still imported); 2 on usage or I/O errors.
 */
export async function importCommand(argv: string[], io: Out): Promise<number> {
  const { values, positionals } = parse(argv, { rules: { type: 'string' }, dialect: { type: 'string' }, out: { type: 'string' }, since: { type: 'string' }, format: { type: 'string' } });
  const fmt = format(values.format, ['text', 'json'] as const, 'text');
  if (!positionals.length) throw new UsageError('give the history to import: session files or folders (e.g. ~/.claude/projects/<project>)');
  if (typeof values.since === 'string' && Number.isNaN(Date.parse(values.since))) throw new UsageError(`--since takes an ISO date or time, got ${JSON.stringify(values.since)}`);
  const dialect = targetDialect(values.rules, values.dialect);
  const bar = progressBar('import');
  const r = await importHistory(positionals, { progress: bar.update, since: typeof values.since === 'string' ? values.since : undefined });
  bar.done();
  if (r.missing.length) throw new UsageError(`cannot read ${r.missing.join(', ')}`);
  if (!r.files.length) throw new UsageError(`no history files (*.jsonl, session-*.json) under ${positionals.join(', ')}`);
  const out = typeof values.out === 'string' ? path.resolve(values.out) : undefined;
  const ref = typeof values.rules === 'string' ? (out ? rulesRefFrom(out, values.rules) : path.resolve(values.rules)) : null;
  const file = historyRequestsFile(r.entries, dialect.history, ref);
  for (const e of r.errors) io.err(`${e.file}:${e.line}: ${e.message}`);
  if (r.moreErrors) io.err(`… and ${r.moreErrors} more unreadable line${r.moreErrors === 1 ? '' : 's'}`);
  if (out) {
    try {
      fs.writeFileSync(out, file.text);
    } catch (e) {
      throw new UsageError(`cannot write ${values.out}: ${e instanceof Error ? e.message : String(e)}`);
    }
  } else if (fmt === 'text') io.out(file.text);
  const summary = summarize(r, dialect.id, file.written, file.skipped.length);
  if (fmt === 'json') io.out(JSON.stringify({ ...summary, out: out ?? null, errors: r.errors, moreErrors: r.moreErrors, ...(out ? {} : { requests: JSON.parse(file.text) }) }, null, 2));
  else if (out) io.out(summary.text.replace('{out}', path.relative(process.cwd(), out) || out));
  else io.err(summary.text.replace(' to {out}', ''));
  return r.errors.length || r.moreErrors ? 1 : 0;
}

/** A dialect that can hold history: it has the history capability. */
type HistoryDialect = AnyDialect & { history: HistoryCapability };

const withHistory = (d: AnyDialect | undefined): d is HistoryDialect => d?.history !== undefined;

function targetDialect(rules: unknown, given: unknown): HistoryDialect {
  const id = dialectOption(given, (d) => d.history !== undefined);
  if (id !== undefined) return dialectById(id) as HistoryDialect;
  if (typeof rules !== 'string') return DEFAULT_HISTORY_DIALECT as HistoryDialect;
  const p = path.resolve(rules);
  const text = readText(p);
  if (text === undefined) throw new UsageError(`cannot read ${rules}`);
  const d = loadRuleSet({ path: p, text }, { ctx: evalContext() }).dialect;
  if (!d) throw new UsageError(`${rules}: not a rule file of any known dialect (use --dialect)`);
  if (!withHistory(d)) throw new UsageError(`${rules}: ${d.title} rules do not judge agent tool calls; history imports into claude, opencode or omp requests`);
  return d;
}

function summarize(r: ImportResult, dialect: string, written: number, skipped: number) {
  const by = (o: string) => r.entries.filter((e) => e.call.outcome === o).reduce((n, e) => n + e.count, 0);
  const counts = { files: r.files.length, calls: r.calls, distinct: r.entries.length, written, skipped, approved: by('approved'), denied: by('denied'), unknown: by('unknown'), redacted: r.entries.filter((e) => e.redacted).length, dropped: r.dropped, unreadable: r.errors.length + r.moreErrors };
  const text = `${counts.calls} call${counts.calls === 1 ? '' : 's'} from ${counts.files} file${counts.files === 1 ? '' : 's'} → ${written} distinct ${dialect} request${written === 1 ? '' : 's'} to {out} (${counts.approved} approved, ${counts.denied} denied, ${counts.unknown} unknown outcome${counts.redacted ? `; secrets redacted in ${counts.redacted}` : ''}${skipped ? `; ${skipped} not expressible in ${dialect}` : ''}${counts.unreadable ? `; ${counts.unreadable} unreadable line${counts.unreadable === 1 ? '' : 's'} skipped` : ''}${r.dropped ? `; ${r.dropped} calls past the distinct-call limit dropped` : ''})`;
  return { dialect, ...counts, text };
}
