import * as fs from 'fs';
import * as path from 'path';
import { parseJson } from '../../shared/json/tree';
import { decisionLine, entryLine, errorLines, judgeNext, loadLedgerFiles, readStep, type LedgerFiles } from '../../shared/dialects/bounds-rules';
import { readText } from '../../shared/host/node-fs';
import { ArgumentError, format, parse } from '../args';
import { evalContext, UsageError, type Out } from '../io';

/** Options every ledger command accepts for finding its files. */
export const FILE_OPTIONS = { ledger: { type: 'string' }, rules: { type: 'string' }, paths: { type: 'string' } } as const;

/**
 * Loads the ledger and its rule files, reporting corrupt ledger lines on stderr and refusing
 * (usage error) rule files that cannot be used.
 * @example const files = openLedger(values, io, { needRules: true })
 */
export function openLedger(values: Record<string, unknown>, io: Out, opts: { needRules: boolean }): LedgerFiles & { rel(p: string): string } {
  const str = (k: string) => (typeof values[k] === 'string' ? values[k] : undefined);
  const files = loadLedgerFiles({ cwd: process.cwd(), ledger: str('ledger'), rules: str('rules'), paths: str('paths') });
  const rel = (p: string) => path.relative(process.cwd(), p) || p;
  if (files.missing.length) throw new UsageError(`cannot read ${files.missing.map(rel).join(', ')}`);
  for (const f of files.ledger.findings) io.err(`${rel(files.ledgerPath)}:${f.range.start.line + 1}: ${f.message}`);
  if (opts.needRules && !files.rules) throw new UsageError('no .attesso/rules.json found from here upward; create one with `rulelens rules set-profile balanced`, or pass --rules FILE');
  for (const loaded of [files.rules, files.paths]) {
    if (loaded && loaded.errors.length) {
      for (const l of errorLines(rel(loaded.path), loaded.errors)) io.err(l);
      throw new UsageError(`${rel(loaded.path)} has ${loaded.errors.length} error${loaded.errors.length === 1 ? '' : 's'}; an invalid file is not used to judge anything`);
    }
  }
  return { ...files, rel };
}

/**
 * `rulelens log --action A --subject S --task T [--trust X] --capability C [--args-hash H] [--at ISO]`
 * Judges the step against its task's earlier ledger steps (paths.json scope first, then rules.json),
 * appends the entry and prints the one-line outcome. Exit 0 ALLOW, 1 DENY, 2 usage or I/O error.
 */
export async function logCommand(argv: string[], io: Out): Promise<number> {
  const { values, positionals } = parse(argv, {
    action: { type: 'string' },
    subject: { type: 'string' },
    task: { type: 'string' },
    trust: { type: 'string' },
    capability: { type: 'string' },
    'args-hash': { type: 'string' },
    at: { type: 'string' },
    format: { type: 'string' },
    ...FILE_OPTIONS,
  });
  if (positionals.length) throw new ArgumentError(`log takes no positional arguments (got ${positionals.join(' ')})`);
  const fmt = format(values.format, ['text', 'json'] as const, 'text');
  for (const k of ['action', 'subject', 'task', 'capability']) if (values[k] === undefined) throw new ArgumentError(`--${k} is required`);
  const raw: Record<string, unknown> = { action: values.action, subject: values.subject, task: values.task, capability: values.capability, at: values.at ?? new Date().toISOString() };
  if (values.trust !== undefined) raw.trust = values.trust;
  if (values['args-hash'] !== undefined) raw.args_hash = values['args-hash'];
  const problems: string[] = [];
  const step = readStep(parseJson(JSON.stringify(raw)).root!, (_n, m) => problems.push(m), 'the step');
  if (!step) throw new UsageError(problems.join('; '));

  const files = openLedger(values, io, { needRules: true });
  const { entry, verdict } = judgeNext(files.ledger, { rules: files.rules?.value, paths: files.paths?.value }, step, evalContext());
  const existing = readText(files.ledgerPath);
  try {
    fs.mkdirSync(path.dirname(files.ledgerPath), { recursive: true });
    fs.appendFileSync(files.ledgerPath, (existing && !existing.endsWith('\n') ? '\n' : '') + entryLine(entry) + '\n');
  } catch (e) {
    throw new UsageError(`cannot write ${files.rel(files.ledgerPath)}: ${e instanceof Error ? e.message : String(e)}`);
  }
  if (fmt === 'json') io.out(JSON.stringify({ entry, line: decisionLine(entry.step, entry, verdict), trace: verdict.trace }));
  else io.out(decisionLine(entry.step, entry, verdict));
  return entry.verdict === 'DENY' ? 1 : 0;
}
