import * as path from 'path';
import { readText } from '../../shared/host/node-fs';
import { errorLines, parseBoundsRules, replayLedger } from '../../shared/dialects/bounds-rules';
import { ArgumentError, count, format, parse } from '../args';
import { UsageError, type Out } from '../io';
import { openLedger } from './log';
import { replayHistoryCommand } from './replay-history';

/**
 * `rulelens replay --rules NEXT [--max-newly-denied N] [--format text|json] [--ledger FILE]`
 * Re-judges every ledger entry under NEXT with the history before it and lists the flips.
 * Exit 1 when more than N decisions newly deny, else 0; 2 on usage or I/O errors.
 */
export async function replayCommand(argv: string[], io: Out): Promise<number> {
  // `replay RULEFILE --history PATH …` replays agent history; without --history, the Bounds ledger.
  if (argv.some((a) => a === '--history' || a.startsWith('--history='))) return replayHistoryCommand(argv, io);
  const { values, positionals } = parse(argv, { rules: { type: 'string' }, 'max-newly-denied': { type: 'string' }, format: { type: 'string' }, ledger: { type: 'string' } });
  if (positionals.length) throw new ArgumentError('replay takes no positional arguments');
  const fmt = format(values.format, ['text', 'json'] as const, 'text');
  const budget = count(values['max-newly-denied'], '--max-newly-denied');
  if (typeof values.rules !== 'string') throw new ArgumentError('--rules NEXT is required (the candidate rules file)');
  const nextPath = path.resolve(values.rules);
  const text = readText(nextPath);
  if (text === undefined) throw new UsageError(`cannot read ${values.rules}`);
  const next = parseBoundsRules({ path: nextPath, text });
  const errors = next.findings.filter((f) => f.severity === 'error');
  if (errors.length) {
    for (const l of errorLines(values.rules, errors)) io.err(l);
    throw new UsageError(`${values.rules} has ${errors.length} error${errors.length === 1 ? '' : 's'}; fix it before replaying`);
  }
  // The candidate replaces rules.json; the ledger's own companion files are not needed.
  const files = openLedger({ ledger: values.ledger, rules: nextPath, paths: undefined }, io, { needRules: false });
  const r = replayLedger(files.ledger.entries, next.rules);
  const over = budget !== undefined && r.newlyDenied > budget;
  if (fmt === 'json') {
    io.out(JSON.stringify({ ledger: files.ledgerPath, rules: nextPath, digest: next.digest, ...r, budget: budget ?? null, overBudget: over }, null, 2));
  } else {
    for (const f of r.flips) {
      const why = f.after.verdict === 'DENY' ? ` (${f.after.code}${f.after.tainted_by !== null ? ` by step #${f.after.tainted_by}` : ''} under ${f.after.rule})` : ` (was ${f.before.code ?? 'DENY'}${f.before.rule ? ` under ${f.before.rule}` : ''})`;
      io.out(`#${f.step} ${f.action} ${f.subject} [task ${f.task}]: ${f.before.verdict} → ${f.after.verdict}${why}`);
    }
    io.out(`${r.judged + r.keptByScope} entries replayed under ${path.relative(process.cwd(), nextPath) || nextPath} (${next.digest}): ${r.flips.length} flip${r.flips.length === 1 ? '' : 's'} — ${r.newlyDenied} newly denied, ${r.newlyAllowed} newly allowed${r.keptByScope ? `; ${r.keptByScope} refused by paths.json kept` : ''}`);
    io.out('replay uses the history the ledger holds; it cannot prove that history complete');
    if (over) io.err(`${r.newlyDenied} newly denied decisions exceed --max-newly-denied ${budget}`);
  }
  return over ? 1 : 0;
}
