import * as fs from 'fs';
import { LEXICAL_FS } from '../../shared/model';
import * as path from 'path';
import { unifiedDiff } from '../../shared/history';
import { dialectOption, format, parse } from '../args';
import { evalContext, UsageError, type Out } from '../io';
import { historyFor, readRules } from './history-files';

/**
 * `rulelens suggest RULEFILE --history PATH [--write] [--format text|json]`
 * The least-privilege rewrite of the rule file from observed calls, as a patch plus an
 * explanation per rule, proved with the evaluator. `--write` applies it. Exit 0 when proved,
 * 1 when some proof obligation fails (the patch is still shown), 2 on usage or I/O errors.
 */
export async function suggestHistoryCommand(argv: string[], io: Out): Promise<number> {
  const { values, positionals } = parse(argv, { history: { type: 'string', multiple: true }, dialect: { type: 'string' }, write: { type: 'boolean' }, format: { type: 'string' } });
  const fmt = format(values.format, ['text', 'json'] as const, 'text');
  if (positionals.length !== 1) throw new UsageError('suggest --history takes exactly one RULEFILE');
  // Recorded calls were made on another machine (or another day): judge them by what the rules say,
  // on a file system without symlinks, not by this machine's folders.
  const ctx = { ...evalContext(), fs: LEXICAL_FS };
  const cur = readRules(positionals[0], ctx, dialectOption(values.dialect, (d) => d.history !== undefined));
  const suggest = cur.dialect.history?.suggest;
  if (!suggest) throw new UsageError(`suggest --history rewrites Claude Code settings and OpenCode bash permissions; ${cur.dialect.title} rules are not supported yet (replay --history works for them)`);
  const h = await historyFor(values.history as string[] | undefined, io);
  const parseText = (text: string) => cur.dialect.parse({ path: cur.path, text }, ctx);
  const s = suggest(cur.dialect, cur.ruleSet, cur.text, parseText, h.entries, ctx);
  const name = path.relative(process.cwd(), cur.path).replace(/\\/g, '/') || path.basename(cur.path);
  const patch = unifiedDiff(name, cur.text, s.text);
  const p = s.proof;
  const proved = p.approvedChanged.length === 0 && p.deniedAllowed.length === 0 && p.runsAnything.length === 0;
  if (values.write === true && proved && patch) fs.writeFileSync(cur.path, s.text);
  if (fmt === 'json') {
    io.out(JSON.stringify({ path: cur.path, dialect: cur.dialect.id, patch, text: s.text, rules: s.rules, removed: s.removed, left: s.left, proof: { ...p, proved }, written: values.write === true && proved && !!patch }, null, 2));
    return proved ? 0 : 1;
  }
  if (!patch) io.out(`${name}: nothing to tighten — no broad allow of this file decided an observed call, and every observed denial is already denied`);
  else io.out(patch.trimEnd());
  if (s.rules.length) io.out('');
  for (const r of s.rules) {
    io.out(`${r.tier} ${r.rule}${r.replaces ? ` (replaces ${r.replaces})` : ''}: ${r.why}`);
    io.out(`    covers: ${r.covers.slice(0, 5).join(', ')}${r.covers.length > 5 ? `, … ${r.covers.length - 5} more` : ''}`);
  }
  for (const x of s.removed.filter((x) => x.calls === 0)) io.out(`removed ${x.rule}: no observed approved call used it`);
  for (const l of s.left) io.out(`left to ask: ${l.subject} (${l.calls} call${l.calls === 1 ? '' : 's'}): ${l.why}`);
  io.out('');
  io.out(`proof over ${h.entries.length} distinct observed calls: ${p.approvedKept} approved decided as before${p.approvedLeft ? `, ${p.approvedLeft} approved left to ask (listed above)` : ''}, ${p.deniedDenied} denials denied${p.deniedAsked ? `, ${p.deniedAsked} denials asked` : ''}`);
  for (const c of p.approvedChanged) io.out(`  NOT PROVED: ${c.describe} was ${c.before}, would be ${c.after}`);
  for (const d of p.deniedAllowed) io.out(`  NOT PROVED: an observed denial would be allowed: ${d}`);
  for (const w of p.runsAnything) io.out(`  NOT PROVED: a suggested allow admits a runs-anything command: ${w}`);
  if (values.write === true) io.out(proved && patch ? `wrote ${name}` : 'not written: the suggestion is not proved');
  return proved ? 0 : 1;
}
