import * as path from 'path';
import type { Flip } from '../../shared/diff/flips';
import { flipLine } from '../../shared/diff/format';
import { listEntries, readText } from '../../shared/host/node-fs';
import { ArgumentError, count, dialectOption, ENGINE_OPTIONS, format, parse, withEngineOptions } from '../args';
import { flipJson } from '../format/json';
import { flipsSarif } from '../format/sarif';
import { evalContext, readInput, type Out } from '../io';
import { compareFile } from './compare-file';

/**
 * `rulelens diff RULEFILE --base GITREV|FILE [--max-newly-denied N] [--max-newly-allowed N] [--format text|json|sarif]`
 * Exit 1 when a budget is exceeded, 2 on usage or I/O errors.
 */
export async function diffCommand(argv: string[], io: Out): Promise<number> {
  const { values, positionals } = parse(argv, { ledger: { type: 'string' }, base: { type: 'string' }, 'max-newly-denied': { type: 'string' }, 'max-newly-allowed': { type: 'string' }, format: { type: 'string' }, dialect: { type: 'string' }, ...ENGINE_OPTIONS });
  const fmt = format(values.format, ['text', 'json', 'sarif'] as const, 'text');
  const maxDenied = count(values['max-newly-denied'], '--max-newly-denied');
  const maxAllowed = count(values['max-newly-allowed'], '--max-newly-allowed');
  if (positionals.length !== 1) throw new ArgumentError('diff takes exactly one RULEFILE');
  if (typeof values.base !== 'string') throw new ArgumentError('--base GITREV|FILE is required');
  const rulePath = path.resolve(positionals[0]);
  const text = readInput(rulePath, positionals[0]);
  const ctx = withEngineOptions(evalContext(values['user-settings']), values, readText, listEntries, process.env);
  const forced = dialectOption(values.dialect);
  const c = compareFile(rulePath, text, values.base, ctx, io, { dialect: forced, ledger: typeof values.ledger === 'string' ? values.ledger : undefined, shown: positionals[0] });
  const { dialect, flips: all, counts, notes, unsearched, requestsPath, changedFiles } = c;
  const records = dialect.recordedSteps;
  const ledger = c.ledger;
  const flips = all.filter((f) => f.kind === 'stored');
  const recorded = all.filter((f) => f.kind === 'ledger');
  const witnesses = all.filter((f) => f.kind === 'witness');
  const overAllowed = maxAllowed !== undefined && counts.loosened > maxAllowed;
  const overDenied = maxDenied !== undefined && counts.tightened > maxDenied;
  // Fail closed: a budget is a claim about every decision, and one the search did not examine may be over it.
  const budgeted = maxAllowed !== undefined || maxDenied !== undefined;
  const incomplete = budgeted && unsearched.length > 0;
  const unlisted = unsearched.filter((u) => !notes.includes(u));

  if (fmt === 'json') {
    io.out(JSON.stringify({ path: rulePath, base: c.baseLabel, dialect: dialect.id, requestsPath, policyChanges: changedFiles, flips: all.map(flipJson), counts, notes, unsearched, budgetExceeded: overAllowed || overDenied, searchIncomplete: incomplete }, null, 2));
  } else if (fmt === 'sarif') {
    io.out(JSON.stringify(flipsSarif(rulePath, requestsPath ?? null, all, process.cwd()), null, 2));
  } else {
    const rel = path.relative(process.cwd(), rulePath) || rulePath;
    io.out(`${rel} (${dialect.id}) vs ${c.baseLabel}${c.absentAtBase ? ' (absent at the base)' : ''}: ${counts.loosened + counts.tightened} decision${counts.loosened + counts.tightened === 1 ? '' : 's'} flip (${counts.loosened} newly allowed, ${counts.tightened} newly denied)`);
    if (changedFiles.length) io.out(`  with the policy's other files at ${values.base}: ${changedFiles.map((f) => `${path.relative(process.cwd(), f.path) || f.path} (${f.layer}) ${f.change}`).join(', ')}`);
    if (!requestsPath) io.out('  no stored requests beside this rule file');
    if (ledger) io.out(`  ${ledger.name}: ${path.relative(process.cwd(), ledger.path) || ledger.path} — ${ledger.entries} recorded step${ledger.entries === 1 ? '' : 's'} re-judged under both versions`);
    const section = (title: string, list: Flip[]) => {
      if (!list.length) return;
      io.out(`  ${title}:`);
      for (const f of list) io.out(`    ${flipLine(f)}`);
    };
    section('newly allowed (stored requests)', flips.filter((f) => f.direction === 'loosened'));
    section(`newly allowed (recorded ${records?.name} steps)`, recorded.filter((f) => f.direction === 'loosened'));
    section(`newly allowed (witness requests ${WITNESS_ORIGIN})`, witnesses.filter((f) => f.direction === 'loosened'));
    section('newly denied (stored requests)', flips.filter((f) => f.direction === 'tightened'));
    section(`newly denied (recorded ${records?.name} steps)`, recorded.filter((f) => f.direction === 'tightened'));
    section(`newly denied (witness requests ${WITNESS_ORIGIN})`, witnesses.filter((f) => f.direction === 'tightened'));
    for (const n of notes) io.out(`  note: ${n}`);
    for (const u of unlisted) io.out(`  not searched: ${u}`);
    if (incomplete) io.out(`  search incomplete: a budgeted diff fails on a change it did not examine (${unsearched.length} part${unsearched.length === 1 ? '' : 's'} not searched)`);
    if (overAllowed) io.out(`  budget exceeded: ${counts.loosened} newly allowed > --max-newly-allowed ${maxAllowed}`);
    if (overDenied) io.out(`  budget exceeded: ${counts.tightened} newly denied > --max-newly-denied ${maxDenied}`);
    // The last line is the one a CI log shows: always say how many decisions became less strict.
    io.out(budgetLine(counts, maxAllowed, maxDenied, incomplete));
  }
  return overAllowed || overDenied || incomplete ? 1 : 0;
}

/** Where witnesses come from, as section titles say. */
const WITNESS_ORIGIN = 'found by searching both versions';

/**
 * The closing line: newly allowed first (the direction that matters), with the budgets when given;
 * a budget the search could not vouch for is `incomplete`, never `ok`.
 * @example budgetLine({ loosened: 2, tightened: 0 }, 1, undefined) // '2 newly allowed (budget 1: exceeded), 0 newly denied'
 */
export function budgetLine(counts: { loosened: number; tightened: number }, maxAllowed: number | undefined, maxDenied: number | undefined, incomplete = false): string {
  const verdict = (n: number, max: number) => (n > max ? 'exceeded' : incomplete ? 'search incomplete' : 'ok');
  const part = (n: number, what: string, max: number | undefined) => `${n} newly ${what}${max === undefined ? '' : ` (budget ${max}: ${verdict(n, max)})`}`;
  return `${part(counts.loosened, 'allowed', maxAllowed)}, ${part(counts.tightened, 'denied', maxDenied)}`;
}
