import * as path from 'path';
import { groupOf, judge, requestFor, type HistoryEntry } from '../../shared/history';
import { ruleNumber, type Decision, type EvalContext } from '../../shared/model';
import type { Out } from '../io';
import type { LoadedRules } from './history-files';

/** Calls listed per decision in text output; the rest are counted (--format json lists all). */
const MAX_LISTED = 50;
/** The order decisions are shown in: what would interrupt the agent, what it may not do, what runs unasked. */
const ORDER: readonly Decision[] = ['ask', 'deny', 'allow'];

/** One distinct call of the history as the current rules decide it. */
export interface CurrentDecision {
  decision: Decision;
  describe: string;
  group: string;
  /** The deciding rule as "rule N: label", or null when a default decided. */
  rule: string | null;
  /** How the call ended when it ran. */
  outcome: HistoryEntry['call']['outcome'];
  count: number;
  lastSeen: string | null;
}

/**
 * Every distinct call of a history decided under one rule set: counted per decision (in calls) and
 * per command prefix, with the calls whose recorded outcome the rules would now contradict.
 * @example decideUnderCurrentRules(rules, entries, ctx).totals.ask // calls that would ask today
 */
export function decideUnderCurrentRules(rules: LoadedRules, entries: readonly HistoryEntry[], ctx: EvalContext) {
  const decisions: CurrentDecision[] = [];
  const skipped: Array<{ describe: string; reason: string; count: number }> = [];
  const totals: Record<Decision, number> = { ask: 0, deny: 0, allow: 0 };
  const groups: Record<Decision, Record<string, number>> = { ask: {}, deny: {}, allow: {} };
  let calls = 0;
  let deniedNowAllowed = 0;
  let approvedNowDenied = 0;
  for (const e of entries) {
    const r = requestFor(rules.dialect, e);
    if (r.request === undefined) {
      skipped.push({ describe: `${e.call.tool}(${e.call.command ?? e.call.path ?? e.call.url ?? ''})`, reason: r.error ?? 'not a request', count: e.count });
      continue;
    }
    const v = judge(rules.dialect, rules.ruleSet, r.request, ctx);
    const group = groupOf(e.call);
    calls += e.count;
    totals[v.decision] += e.count;
    groups[v.decision][group] = (groups[v.decision][group] ?? 0) + e.count;
    if (v.decision === 'allow' && e.call.outcome === 'denied') deniedNowAllowed += e.count;
    if (v.decision === 'deny' && e.call.outcome === 'approved') approvedNowDenied += e.count;
    decisions.push({ decision: v.decision, describe: rules.dialect.describeRequest(r.request), group, rule: v.rule ? `rule ${ruleNumber(v.rule)}: ${v.rule.label}` : null, outcome: e.call.outcome, count: e.count, lastSeen: e.lastSeen });
  }
  decisions.sort((a, b) => ORDER.indexOf(a.decision) - ORDER.indexOf(b.decision) || b.count - a.count || (a.describe < b.describe ? -1 : 1));
  return { distinct: decisions.length, calls, totals, groups, decisions, skipped, deniedNowAllowed, approvedNowDenied };
}

/**
 * `replay RULEFILE --history PATH` without a second version: what the current rules would ask,
 * deny and allow of every call the agent made. Exit 0 (there is no budget to exceed).
 */
export function printCurrentDecisions(rules: LoadedRules, h: { files: string[]; stored: boolean; entries: readonly HistoryEntry[] }, ctx: EvalContext, fmt: 'text' | 'json', io: Out): number {
  const r = decideUnderCurrentRules(rules, h.entries, ctx);
  if (fmt === 'json') {
    io.out(JSON.stringify({ dialect: rules.dialect.id, path: rules.path, history: h.files, ...r }, null, 2));
    return 0;
  }
  const rel = (p: string) => path.relative(process.cwd(), p) || p;
  io.out(`${rel(rules.path)} (${rules.dialect.id}) today, over ${r.calls} call${r.calls === 1 ? '' : 's'} (${r.distinct} distinct) from ${h.stored ? rel(h.files[0]) : `${h.files.length} history file${h.files.length === 1 ? '' : 's'}`}: ${ORDER.map((d) => `${r.totals[d]} ${d}`).join(', ')}`);
  for (const d of ORDER) {
    const list = r.decisions.filter((x) => x.decision === d);
    if (!list.length) continue;
    io.out(`  ${d}: ${r.totals[d]} call${r.totals[d] === 1 ? '' : 's'} (${list.length} distinct)`);
    const byPrefix = Object.entries(r.groups[d]).sort((a, b) => b[1] - a[1]);
    io.out(`    by prefix: ${byPrefix.map(([g, n]) => `${g} ×${n}`).join(', ')}`);
    for (const x of list.slice(0, MAX_LISTED)) {
      const seen = x.outcome === 'denied' ? ' — was denied when it ran' : x.outcome === 'unknown' ? ' — outcome unknown' : '';
      io.out(`    ${x.describe} (${x.rule ?? 'no rule: the default'}) ×${x.count}${seen}`);
    }
    if (list.length > MAX_LISTED) io.out(`    … ${list.length - MAX_LISTED} more (--format json lists all)`);
  }
  if (r.deniedNowAllowed) io.out(`  warning: ${r.deniedNowAllowed} call${r.deniedNowAllowed === 1 ? ' that was' : 's that were'} denied when it ran would be allowed today`);
  if (r.approvedNowDenied) io.out(`  ${r.approvedNowDenied} call${r.approvedNowDenied === 1 ? ' that was' : 's that were'} approved when it ran would be denied today`);
  if (r.skipped.length) io.out(`  ${r.skipped.length} distinct call${r.skipped.length === 1 ? '' : 's'} not judged (${r.skipped[0].reason}${r.skipped.length > 1 ? ', …' : ''})`);
  return 0;
}
