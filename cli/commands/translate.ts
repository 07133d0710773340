import * as path from 'path';
import { parseOpencode } from '../../shared/dialects/opencode';
import { detectDialect } from '../../shared/dialects';
import { translateFromLastMatch, type LastMatchRule } from '../../shared/dialects/claude/translate';
import { ArgumentError, format, parse } from '../args';
import { evalContext, readInput, UsageError, type Out } from '../io';
import { PREFIX_TARGETS, translateToTarget } from './translate-target';

/**
 * `rulelens translate RULEFILE --to claude [--format text|json]`: an OpenCode rule set as Claude Code
 * tiers (text: the settings alone on stdout, the report on stderr), proved equivalent on the automata or with every request (and witness) whose decision
 * would change. Exit 0 equivalent, 1 when decisions change or a part is unproved, 2 usage.
 */
export async function translateCommand(argv: string[], io: Out): Promise<number> {
  const { values, positionals } = parse(argv, { to: { type: 'string' }, format: { type: 'string' } });
  const fmt = format(values.format, ['text', 'json'] as const, 'text');
  if (typeof values.to === 'string' && (PREFIX_TARGETS as readonly string[]).includes(values.to)) {
    if (positionals.length !== 1) throw new ArgumentError('translate takes exactly one RULEFILE');
    return translateToTarget(values.to as (typeof PREFIX_TARGETS)[number], positionals[0], fmt, io);
  }
  if (values.to !== 'claude') throw new ArgumentError('--to must be claude, codex or gemini');
  if (positionals.length !== 1) throw new ArgumentError('translate takes exactly one RULEFILE');
  const file = path.resolve(positionals[0]);
  const text = readInput(file, positionals[0]);
  if (detectDialect({ path: file, text })?.id !== 'opencode') throw new UsageError(`${positionals[0]}: only OpenCode rule files can be translated`);
  // Translation carries the file's own rules; OpenCode's built-in layers are not the user's to move.
  const rs = parseOpencode({ path: file, text }, { ...evalContext(), builtins: false });
  const notes: string[] = [];
  const top = rs.rules.filter((r) => r.agent === null);
  if (top.length < rs.rules.length) notes.push(`${rs.rules.length - top.length} per-agent rule(s) left out: Claude Code settings have no per-agent scopes`);
  const input: LastMatchRule[] = [];
  for (const r of top) {
    if (r.action !== '*' && /[*?]/.test(r.action)) {
      notes.push(`rule ${r.index + 1} (${r.label}) left out: an action pattern other than * has no Claude Code tool equivalent`);
      continue;
    }
    input.push({ action: r.action, pattern: r.resourcePattern, decision: r.decision });
  }
  const t = translateFromLastMatch(input);
  const tiers: Record<'deny' | 'ask' | 'allow', string[]> = { deny: [], ask: [], allow: [] };
  for (const r of t.rules) {
    if (r.claude) tiers[r.decision].push(r.claude);
    else notes.push(`no Claude Code rule expresses "${r.action} ${r.pattern.source} ${r.decision}"${r.note ? `: ${r.note}` : ''}`);
  }
  for (const r of t.rules) if (r.claude && r.note) notes.push(`${r.claude}: ${r.note}`);
  const settings = { permissions: tiers };
  // Path and URL rules keep OpenCode's pattern but Claude Code matches them its own way: not proved.
  const review = t.rules.filter((r) => r.claude && r.note).length;
  const ok = t.equivalent && t.unproved.length === 0 && review === 0;
  if (fmt === 'json') {
    io.out(JSON.stringify({ settings, equivalent: ok, automataEquivalent: t.equivalent, needsReview: review, differences: t.differences, dropped: t.dropped, unproved: t.unproved, notes }, null, 2));
  } else {
    // Only the settings go to stdout, so `> .claude/settings.json` writes valid JSON; the report is for people.
    io.out(JSON.stringify(settings, null, 2));
    if (!t.equivalent) io.err(`not equivalent: ${t.differences.length} kind(s) of request decide differently:`);
    else if (review) io.err(`equivalent on the OpenCode pattern automata, but ${review} path/URL rule(s) are not proved: Claude Code matches them its own way (checked on sample paths)`);
    else io.err('equivalent: every decision is the same (proved on the pattern automata)');
    for (const d of t.differences) io.err(`  ${d.action} ${JSON.stringify(d.witness)}: ${d.lastMatch} under OpenCode (${d.lastMatchRule === null ? 'default' : `rule ${d.lastMatchRule + 1}`}) → ${d.tiered} under Claude Code (${d.tieredRule === null ? 'default' : t.rules[d.tieredRule]?.claude ?? `tier rule ${d.tieredRule + 1}`})`);
    for (const d of t.dropped) io.err(`  dropped rule ${d.from + 1} (${d.action}): ${d.reason}`);
    for (const a of t.unproved) io.err(`  unproved (analysis budget): ${a}`);
    for (const n of notes) io.err(`  note: ${n}`);
  }
  return ok ? 0 : 1;
}
