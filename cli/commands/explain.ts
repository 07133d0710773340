import { explainEntry } from '../../shared/dialects/bounds-rules';
import { ArgumentError, format, parse } from '../args';
import { UsageError, type Out } from '../io';
import { FILE_OPTIONS, openLedger } from './log';

/**
 * `rulelens explain N [--format text|json]`: one ledger entry in full — verdict, rule, tainting
 * step, advice by code, and what the current rules decide now. Exit 0, or 2 when there is no step N.
 */
export async function explainCommand(argv: string[], io: Out): Promise<number> {
  const { values, positionals } = parse(argv, { format: { type: 'string' }, ...FILE_OPTIONS });
  const fmt = format(values.format, ['text', 'json'] as const, 'text');
  if (positionals.length !== 1 || !/^#?\d+$/.test(positionals[0])) throw new ArgumentError('explain takes one step number, e.g. `rulelens explain 42`');
  const n = Number(positionals[0].replace('#', ''));
  const files = openLedger(values, io, { needRules: false });
  const x = explainEntry(files.ledger.entries, n, files.rules?.value);
  if (!x) throw new UsageError(`no step #${n} in ${files.rel(files.ledgerPath)}`);
  if (fmt === 'json') {
    io.out(JSON.stringify(x, null, 2));
    return 0;
  }
  const e = x.entry;
  const lines = [
    x.headline,
    `  task:       ${e.task}`,
    `  step:       ${e.action} ${e.subject} (${[e.trust, e.capability, e.args_hash !== undefined ? `args ${e.args_hash}` : undefined, e.at].filter(Boolean).join(', ')})`,
    `  verdict:    ${e.verdict}${e.code ? ` ${e.code}` : ''}`,
    `  rule:       ${e.rule ?? '—'}`,
    `  tainted by: ${x.tainting ? `#${x.tainting.step} ${x.tainting.action} ${x.tainting.subject} (${[x.tainting.trust, x.tainting.capability, x.tainting.at].filter(Boolean).join(', ')})` : e.tainted_by !== null ? `#${e.tainted_by}` : '—'}`,
    `  digest:     ${e.digest}${x.now ? (x.now.digestChanged ? ' (the rules have changed since)' : ' (the current rules)') : ''}`,
  ];
  if (x.now) lines.push(`  now:        ${x.now.headline}`);
  lines.push(`  advice:     ${x.advice}`);
  io.out(lines.join('\n'));
  return 0;
}
