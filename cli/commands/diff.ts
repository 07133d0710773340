import * as path from 'path';
import { loadRuleSet, type CheckHost } from '../../shared/check/check-file';
import { readBase } from '../../shared/diff/base';
import { baseTree } from '../../shared/diff/base-tree';
import { policyChanges } from '../../shared/diff/policy-changes';
import { compareVersions } from '../../shared/diff/compare';
import type { RecordedSteps } from '../../shared/dialects';
import type { Flip } from '../../shared/diff/flips';
import { flipLine } from '../../shared/diff/format';
import { listEntries, readText, fileExists } from '../../shared/host/node-fs';
import { findRequestsFile } from '../../shared/requests/locate';
import { parseRequestsFile } from '../../shared/requests/parse';
import { ArgumentError, count, ENGINE_OPTIONS, format, parse, withEngineOptions } from '../args';
import { flipsSarif } from '../format/sarif';
import { evalContext, nodeHost, readInput, UsageError, type Out } from '../io';

/**
 * The records beside a rule file (Bounds' ledger, or `--ledger FILE`); corrupt lines are reported
 * by number on stderr and skipped, never silently. Undefined when there is none.
 */
function loadRecords(records: RecordedSteps, rulePath: string, given: string | undefined, io: Out): { path: string; entries: unknown[] } | undefined {
  const file = given ? path.resolve(given) : records.fileBeside(rulePath);
  const text = readText(file);
  if (text === undefined) {
    if (given) throw new UsageError(`cannot read ${given}`);
    return undefined;
  }
  const parsed = records.read(text);
  for (const f of parsed.findings) io.err(`${file}:${f.range.start.line + 1}: ${f.message} (line skipped)`);
  return { path: file, entries: parsed.steps };
}

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
  const base = readBase(rulePath, values.base);
  if ('error' in base) throw new UsageError(base.error);
  const ctx = withEngineOptions(evalContext(values['user-settings']), values, readText, listEntries, process.env);
  const forced = typeof values.dialect === 'string' ? values.dialect : undefined;
  const cur = loadRuleSet({ path: rulePath, text }, { ctx, dialect: forced }, nodeHost);
  if (!cur.dialect || !cur.ruleSet) throw new UsageError(`${positionals[0]}: not a rule file of any known dialect (use --dialect)`);
  // Against a revision, the base is the whole policy as it was then (a sibling `.rules` file, the
  // local settings): a change to any of its files flips decisions. Against a FILE, the policy's
  // other files are as they are now.
  const tree = base.git ? baseTree(rulePath, values.base, nodeHost) : undefined;
  const baseHost: CheckHost = tree ? { readFile: tree.readFile, exists: tree.exists, list: tree.list } : nodeHost;
  const old = loadRuleSet({ path: rulePath, text: base.text }, { ctx, dialect: cur.dialect.id, overlay: new Map([[rulePath, base.text]]) }, baseHost);
  const dialect = cur.dialect;
  const changedFiles = tree && old.ruleSet ? policyChanges(old.ruleSet, cur.ruleSet, tree.readFile, readText) : [];

  const requestsPath = findRequestsFile(rulePath, fileExists);
  const requests = requestsPath ? parseRequestsFile(requestsPath, readText(requestsPath) ?? '', dialect) : null;
  const records = dialect.recordedSteps;
  const ledger = records ? loadRecords(records, rulePath, typeof values.ledger === 'string' ? values.ledger : undefined, io) : undefined;
  const { flips: all, counts, notes, unsearched } = compareVersions(dialect, old.ruleSet!, cur.ruleSet, requests, ctx, undefined, ledger?.entries);
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
    io.out(JSON.stringify({ path: rulePath, base: base.label, dialect: dialect.id, requestsPath, policyChanges: changedFiles, flips: all, counts, notes, unsearched, budgetExceeded: overAllowed || overDenied, searchIncomplete: incomplete }, null, 2));
  } else if (fmt === 'sarif') {
    io.out(JSON.stringify(flipsSarif(rulePath, requestsPath ?? null, all, process.cwd()), null, 2));
  } else {
    const rel = path.relative(process.cwd(), rulePath) || rulePath;
    io.out(`${rel} (${dialect.id}) vs ${base.label}${base.missing ? ' (absent at the base)' : ''}: ${counts.loosened + counts.tightened} decision${counts.loosened + counts.tightened === 1 ? '' : 's'} flip (${counts.loosened} newly allowed, ${counts.tightened} newly denied)`);
    if (changedFiles.length) io.out(`  with the policy's other files at ${values.base}: ${changedFiles.map((c) => `${path.relative(process.cwd(), c.path) || c.path} (${c.layer}) ${c.change}`).join(', ')}`);
    if (!requestsPath) io.out('  no stored requests beside this rule file');
    if (ledger) io.out(`  ${records!.name}: ${path.relative(process.cwd(), ledger.path) || ledger.path} — ${ledger.entries.length} recorded step${ledger.entries.length === 1 ? '' : 's'} re-judged under both versions`);
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
