import { suggestCeilings } from '../../shared/dialects/bounds-rules';
import { ArgumentError, parse } from '../args';
import type { Out } from '../io';
import { FILE_OPTIONS, openLedger } from './log';
import { suggestHistoryCommand } from './suggest-history';

/**
 * `rulelens suggest [--json]`: counts identical calls per task in the ledger and prints the
 * `max_repeats` / `max_steps` rules the counts justify. Exit 0.
 */
export async function suggestCommand(argv: string[], io: Out): Promise<number> {
  // `suggest RULEFILE --history PATH` tightens rules from agent history; without it, the Bounds ledger.
  if (argv.some((a) => a === '--history' || a.startsWith('--history='))) return suggestHistoryCommand(argv, io);
  const { values, positionals } = parse(argv, { json: { type: 'boolean' }, ...FILE_OPTIONS });
  if (positionals.length) throw new ArgumentError('suggest takes no positional arguments');
  const files = openLedger(values, io, { needRules: false });
  const s = suggestCeilings(files.ledger.entries);
  if (values.json === true) {
    io.out(JSON.stringify(s, null, 2));
    return 0;
  }
  const lines = [`${s.entries} entr${s.entries === 1 ? 'y' : 'ies'} in ${s.tasks} task${s.tasks === 1 ? '' : 's'} (${files.rel(files.ledgerPath)})`];
  if (s.repeats.length) {
    lines.push('identical calls (same subject + args_hash) per task:');
    for (const g of s.repeats) lines.push(`  ${g.count}× ${g.subject} args ${g.args_hash} in task ${g.task} (steps ${g.steps.map((n) => `#${n}`).join(', ')})`);
  } else lines.push('no entry carries an args_hash: identical calls cannot be counted, only steps');
  for (const x of s.suggestions) lines.push('', `# ${x.reason}`, JSON.stringify(x.rule));
  io.out(lines.join('\n'));
  return 0;
}
