import type { NeutralRules, SettingsTranslation } from '../../translate/neutral';
import { translateFromLastMatch, type LastMatchRule } from './translate';

/**
 * Neutral rules as Claude Code permission tiers, proved equivalent on the pattern automata or with
 * every kind of request (and a witness) whose decision would change. Per-agent rules and action
 * patterns other than `*` have no Claude Code equivalent and are left out with a note; path and URL
 * rules keep the source's pattern but Claude Code matches them its own way, so they are not proved.
 * @example translateToClaude(opencode.translation!.toNeutral!(rs)).settings // { permissions: { deny: [], ask: [], allow: ['Bash(git *)'] } }
 */
export function translateToClaude(n: NeutralRules): SettingsTranslation {
  const notes: string[] = [];
  const top = n.rules.filter((r) => r.scope === null);
  if (top.length < n.rules.length) notes.push(`${n.rules.length - top.length} per-agent rule(s) left out: Claude Code settings have no per-agent scopes`);
  const input: LastMatchRule[] = [];
  for (const r of top) {
    if (r.action !== '*' && /[*?]/.test(r.action)) {
      notes.push(`rule ${r.from + 1} (${r.label}) left out: an action pattern other than * has no Claude Code tool equivalent`);
      continue;
    }
    input.push({ action: r.action, pattern: r.subjectPattern, decision: r.decision });
  }
  const t = translateFromLastMatch(input);
  const tiers: Record<'deny' | 'ask' | 'allow', string[]> = { deny: [], ask: [], allow: [] };
  for (const r of t.rules) {
    if (r.claude) tiers[r.decision].push(r.claude);
    else notes.push(`no Claude Code rule expresses "${r.action} ${r.pattern.source} ${r.decision}"${r.note ? `: ${r.note}` : ''}`);
  }
  for (const r of t.rules) if (r.claude && r.note) notes.push(`${r.claude}: ${r.note}`);
  const settings = { permissions: tiers };
  // Path and URL rules keep the source's pattern but Claude Code matches them its own way: not proved.
  const review = t.rules.filter((r) => r.claude && r.note).length;
  const ok = t.equivalent && t.unproved.length === 0 && review === 0;
  const report: string[] = [];
  if (!t.equivalent) report.push(`not equivalent: ${t.differences.length} kind(s) of request decide differently:`);
  else if (review) report.push(`equivalent on the ${n.sourceTitle} pattern automata, but ${review} path/URL rule(s) are not proved: Claude Code matches them its own way (checked on sample paths)`);
  else report.push('equivalent: every decision is the same (proved on the pattern automata)');
  for (const d of t.differences) report.push(`  ${d.action} ${JSON.stringify(d.witness)}: ${d.lastMatch} under ${n.sourceTitle} (${d.lastMatchRule === null ? 'default' : `rule ${d.lastMatchRule + 1}`}) → ${d.tiered} under Claude Code (${d.tieredRule === null ? 'default' : t.rules[d.tieredRule]?.claude ?? `tier rule ${d.tieredRule + 1}`})`);
  for (const d of t.dropped) report.push(`  dropped rule ${d.from + 1} (${d.action}): ${d.reason}`);
  for (const a of t.unproved) report.push(`  unproved (analysis budget): ${a}`);
  for (const x of notes) report.push(`  note: ${x}`);
  return {
    kind: 'settings',
    settings,
    ok,
    details: { automataEquivalent: t.equivalent, needsReview: review, differences: t.differences, dropped: t.dropped, unproved: t.unproved, notes },
    report,
  };
}
