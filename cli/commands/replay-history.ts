import * as path from 'path';
import { LEXICAL_FS } from '../../shared/model';
import { replayHistory, type FlipKind } from '../../shared/history';
import { ArgumentError, count, dialectOption, format, parse } from '../args';
import { evalContext, type Out } from '../io';
import { historyFor, readBaseRules, readRules } from './history-files';
import { printCurrentDecisions } from './replay-current';

/** Flips listed per kind in text output; the rest are counted. */
const MAX_LISTED = 50;

/**
 * `rulelens replay RULEFILE --history PATH [--rules NEXT | --base GITREV] [--max-newly-denied N]
 * [--max-newly-asked N] [--max-newly-allowed N] [--format text|json]`
 * Without a second version, decides every call under the current rules (see replay-current.ts).
 * Otherwise judges every imported call under the current and the proposed rules and lists the flips,
 * grouped newly denied / newly asked / newly allowed, counted per command prefix. Budgets count
 * calls. Exit 1 over a budget, else 0; 2 on usage or I/O errors.
 */
export async function replayHistoryCommand(argv: string[], io: Out): Promise<number> {
  const { values, positionals } = parse(argv, {
    history: { type: 'string', multiple: true },
    rules: { type: 'string' },
    base: { type: 'string' },
    dialect: { type: 'string' },
    'max-newly-denied': { type: 'string' },
    'max-newly-asked': { type: 'string' },
    'max-newly-allowed': { type: 'string' },
    format: { type: 'string' },
  });
  const fmt = format(values.format, ['text', 'json'] as const, 'text');
  const budgets: Record<FlipKind, number | undefined> = {
    'newly denied': count(values['max-newly-denied'], '--max-newly-denied'),
    'newly asked': count(values['max-newly-asked'], '--max-newly-asked'),
    'newly allowed': count(values['max-newly-allowed'], '--max-newly-allowed'),
  };
  if (positionals.length !== 1) throw new ArgumentError('replay --history takes exactly one RULEFILE');
  if (typeof values.rules === 'string' && typeof values.base === 'string') throw new ArgumentError('give one version to compare with: --rules NEXT or --base GITREV, not both');
  // Recorded calls were made on another machine (or another day): judge them by what the rules say,
  // on a file system without symlinks, not by this machine's folders.
  const ctx = { ...evalContext(), fs: LEXICAL_FS };
  const forced = dialectOption(values.dialect, (d) => d.history !== undefined);
  if (typeof values.rules !== 'string' && typeof values.base !== 'string') {
    // No second version: how the current rules treat what the agent did.
    const given = (Object.keys(budgets) as FlipKind[]).filter((k) => budgets[k] !== undefined);
    if (given.length) throw new ArgumentError(`--max-${given[0].replace(' ', '-')} counts changes between two versions: give --rules NEXT or --base GITREV`);
    const cur = readRules(positionals[0], ctx, forced);
    const h = await historyFor(values.history as string[] | undefined, io);
    return printCurrentDecisions(cur, h, ctx, fmt, io);
  }
  const cur = readRules(positionals[0], ctx, forced);
  let before = cur;
  let after = cur;
  let label: string;
  if (typeof values.rules === 'string') {
    after = readRules(values.rules, ctx, cur.dialect.id);
    label = `${rel(cur.path)} → ${rel(after.path)}`;
  } else {
    const b = readBaseRules(cur, values.base as string, ctx);
    before = b;
    label = `${b.label} → ${rel(cur.path)}`;
  }
  const h = await historyFor(values.history as string[] | undefined, io);
  const r = replayHistory(cur.dialect, before.ruleSet, after.ruleSet, h.entries, ctx);
  const over = (Object.keys(budgets) as FlipKind[]).filter((k) => budgets[k] !== undefined && r.totals[k] > budgets[k]);
  if (fmt === 'json') {
    io.out(JSON.stringify({ dialect: cur.dialect.id, path: cur.path, next: after === cur ? null : after.path, base: typeof values.base === 'string' ? values.base : null, history: h.files, ...r, budgets, overBudget: over }, null, 2));
    return over.length ? 1 : 0;
  }
  io.out(`${label} (${cur.dialect.id}) over ${r.calls} call${r.calls === 1 ? '' : 's'} (${r.distinct} distinct) from ${h.stored ? rel(h.files[0]) : `${h.files.length} history file${h.files.length === 1 ? '' : 's'}`}`);
  for (const kind of ['newly denied', 'newly asked', 'newly allowed'] as const) {
    const list = r.flips.filter((f) => f.kind === kind);
    if (!list.length) continue;
    io.out(`  ${kind}: ${r.totals[kind]} call${r.totals[kind] === 1 ? '' : 's'} (${list.length} distinct)`);
    const groups = Object.entries(r.groups[kind]).sort((a, b) => b[1] - a[1]);
    io.out(`    by prefix: ${groups.map(([g, n]) => `${g} ×${n}`).join(', ')}`);
    for (const f of list.slice(0, MAX_LISTED)) {
      const seen = f.outcome === 'denied' ? ' — was DENIED when it ran' : f.outcome === 'unknown' ? ' — outcome unknown' : '';
      io.out(`    ${f.describe}: ${f.before} → ${f.after}${f.rule ? ` (${f.rule})` : ''} ×${f.count}${seen}`);
    }
    if (list.length > MAX_LISTED) io.out(`    … ${list.length - MAX_LISTED} more (--format json lists all)`);
  }
  if (!r.flips.length) io.out('  no decision flips');
  if (r.deniedThenAllowed) io.out(`  warning: ${r.deniedThenAllowed} call${r.deniedThenAllowed === 1 ? ' that was' : 's that were'} denied when it ran would now be allowed`);
  if (r.skipped.length) io.out(`  ${r.skipped.length} distinct call${r.skipped.length === 1 ? '' : 's'} not judged (${r.skipped[0].reason}${r.skipped.length > 1 ? ', …' : ''})`);
  for (const k of over) io.err(`${r.totals[k]} ${k} calls exceed --max-${k.replace(' ', '-')} ${budgets[k]}`);
  return over.length ? 1 : 0;
}

function rel(p: string): string {
  return path.relative(process.cwd(), p) || p;
}
