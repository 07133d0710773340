import type { AnyDialect } from '../dialects/dialect';
import type { Decision, EvalContext, RuleSet } from '../model';
import { judge, requestFor } from './evaluate';
import { groupOf } from './prefix';
import type { HistoryEntry } from './types';

export type FlipKind = 'newly denied' | 'newly asked' | 'newly allowed';

export interface HistoryFlip {
  kind: FlipKind;
  group: string;
  describe: string;
  before: Decision;
  after: Decision;
  /** Label of the rule deciding after the change (null: the default decided). */
  rule: string | null;
  outcome: HistoryEntry['call']['outcome'];
  count: number;
  lastSeen: string | null;
}

export interface HistoryReplay {
  /** Distinct calls judged, and the calls they stand for. */
  distinct: number;
  calls: number;
  /** Distinct calls the dialect cannot judge, with why. */
  skipped: Array<{ describe: string; reason: string; count: number }>;
  flips: HistoryFlip[];
  /** Calls (occurrences, not distinct) per flip kind. */
  totals: Record<FlipKind, number>;
  /** Per flip kind, calls per group (command prefix, host, tool). */
  groups: Record<FlipKind, Record<string, number>>;
  /** Observed denials the candidate allows: the changes most worth a second look. */
  deniedThenAllowed: number;
}

const KINDS: readonly FlipKind[] = ['newly denied', 'newly asked', 'newly allowed'];

/** @example flipKind('allow', 'deny') // 'newly denied' */
export function flipKind(before: Decision, after: Decision): FlipKind | null {
  if (before === after) return null;
  return after === 'deny' ? 'newly denied' : after === 'ask' ? 'newly asked' : 'newly allowed';
}

/**
 * Every imported call judged under the current and the candidate rules; the flips grouped by
 * kind and by command prefix, counted in calls (a call seen 12 times counts 12).
 * @example replayHistory(claude, current, next, entries, ctx).totals['newly denied']
 */
export function replayHistory(dialect: AnyDialect, before: RuleSet, after: RuleSet, entries: readonly HistoryEntry[], ctx: EvalContext = {}): HistoryReplay {
  const out: HistoryReplay = {
    distinct: 0,
    calls: 0,
    skipped: [],
    flips: [],
    totals: { 'newly denied': 0, 'newly asked': 0, 'newly allowed': 0 },
    groups: { 'newly denied': {}, 'newly asked': {}, 'newly allowed': {} },
    deniedThenAllowed: 0,
  };
  for (const e of entries) {
    const r = requestFor(dialect, e);
    const describe = r.request !== undefined ? dialect.describeRequest(r.request) : `${e.call.tool}(${e.call.command ?? e.call.path ?? e.call.url ?? ''})`;
    if (r.request === undefined) {
      out.skipped.push({ describe, reason: r.error ?? 'not a request', count: e.count });
      continue;
    }
    out.distinct++;
    out.calls += e.count;
    const a = judge(dialect, before, r.request, ctx);
    const b = judge(dialect, after, r.request, ctx);
    const kind = flipKind(a.decision, b.decision);
    if (!kind) continue;
    const group = groupOf(e.call);
    out.flips.push({ kind, group, describe, before: a.decision, after: b.decision, rule: b.rule?.label ?? null, outcome: e.call.outcome, count: e.count, lastSeen: e.lastSeen });
    out.totals[kind] += e.count;
    out.groups[kind][group] = (out.groups[kind][group] ?? 0) + e.count;
    if (kind === 'newly allowed' && e.call.outcome === 'denied') out.deniedThenAllowed += e.count;
  }
  out.flips.sort((x, y) => KINDS.indexOf(x.kind) - KINDS.indexOf(y.kind) || y.count - x.count || (x.describe < y.describe ? -1 : 1));
  return out;
}
