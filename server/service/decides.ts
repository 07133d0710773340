import type { Decision } from '../../shared/model';
import { outcomesOf } from '../../shared/compiled/outcomes';
import type { RequestResult } from '../../shared/requests/model';

/** A stored request whose verdict a rule set. */
export interface Decided {
  request: string;
  decision: Decision;
  /** The subjects (resources, sub-commands, steps) the rule controlled in it. */
  subjects: string[];
}

/** A subject a rule matched but did not control, and who did. */
export interface Lost {
  request: string;
  subject: string;
  /** The rule that controlled instead; null when a default or another branch decided. */
  winner: number | null;
  branch: string;
}

/** A subject a rule controlled in a request another rule decided (a mixed request). */
export interface Controlled {
  request: string;
  subject: string;
  decision: Decision | null;
}

export interface RuleDecisions {
  decides: Decided[];
  controls: Controlled[];
}

/**
 * What each rule does to the stored requests, read from the verdicts' per-subject outcomes (the
 * fast path records them; otherwise they come from the trace, the single record of how a verdict
 * was reached, so nothing is re-evaluated here). A rule decides a request when it is the verdict's
 * deciding rule; controlling one subject of a request that another rule decides (a mixed request)
 * is listed apart, so a lens never claims an outcome the rule lost.
 * @example ruleDecisions(results, 3)[2].decides.map((d) => d.request) // ['B', 'C']
 */
export function ruleDecisions(results: readonly RequestResult[], ruleCount: number): RuleDecisions[] {
  // Most rules of a large file decide none of the stored requests: they share one empty entry.
  const out: RuleDecisions[] = new Array(ruleCount);
  const entry = (i: number) => (out[i] ??= { decides: [], controls: [] });
  // Per request name, its last verdict's rule (the one the lenses credit): indexed loops and no
  // map per rule, as this runs once per open over every stored request.
  const verdictRule = new Map<string, number>();
  for (let j = 0; j < results.length; j++) verdictRule.set(results[j].request.name, results[j].verdict?.rule?.index ?? -1);
  // Per request name, the first entry its verdict's rule has for it: where that rule's subjects go.
  const mine = new Map<string, Decided>();
  for (let j = 0; j < results.length; j++) {
    const r = results[j];
    const v = r.verdict;
    if (v?.rule && v.rule.index < ruleCount) {
      const d: Decided = { request: r.request.name, decision: v.decision, subjects: [] };
      entry(v.rule.index).decides.push(d);
      if (verdictRule.get(d.request) === v.rule.index && !mine.has(d.request)) mine.set(d.request, d);
    }
  }
  for (let j = 0; j < results.length; j++) {
    const r = results[j];
    if (!r.verdict) continue;
    const name = r.request.name;
    const outcomes = outcomesOf(r.verdict);
    for (let k = 0; k < outcomes.length; k++) {
      const s = outcomes[k];
      if (s.controlling === null || s.controlling >= ruleCount) continue;
      const m = verdictRule.get(name) === s.controlling ? mine.get(name) : undefined;
      if (m) m.subjects.push(s.subject);
      else entry(s.controlling).controls.push({ request: name, subject: s.subject, decision: s.decision });
    }
  }
  for (let i = 0; i < ruleCount; i++) out[i] ??= NO_DECISIONS;
  return out;
}

/**
 * The entry of a rule that decides and controls nothing: shared, so never written (not frozen: a
 * frozen list has another shape than the others, and the lenses reading both would take two paths).
 */
const NO_DECISIONS: RuleDecisions = { decides: [], controls: [] };

/**
 * For every rule, the subjects it matched but did not control, and who did. This needs every
 * rule's row for every subject, so it reads the full traces: only a hover asks, never a lens.
 * @example rulesLosses(results, 3)[1][0].winner // 2
 */
export function rulesLosses(results: readonly RequestResult[], ruleCount: number): Lost[][] {
  const out: Lost[][] = Array.from({ length: ruleCount }, () => []);
  for (const r of results) {
    for (const s of r.verdict?.trace.sections ?? []) {
      for (const row of s.rows) {
        if (row.rule === s.controlling || !out[row.rule] || row.matches.length === 0) continue;
        if (row.matches.every((m) => m === true)) out[row.rule].push({ request: r.request.name, subject: s.subject, winner: s.controlling, branch: s.branch });
      }
    }
  }
  return out;
}

/**
 * The short form of a request name for lens titles: a name written `tag: description` shows as
 * its tag, so a row of lenses stays readable.
 * @example shortName('B: a protected path') // 'B'
 */
export function shortName(name: string): string {
  const m = /^([^:\s][^:]{0,11}):\s/.exec(name);
  return m ? m[1] : name.length > 32 ? `${name.slice(0, 31)}…` : name;
}

type ReportLike = { results: readonly RequestResult[]; ruleSet: { rules: readonly unknown[] } | null };

/** Size by the largest rule index, not the count: a dialect may keep a dropped entry's slot. */
function slots(report: ReportLike): number {
  const rules = (report.ruleSet?.rules ?? []) as ReadonlyArray<{ index?: number }>;
  return rules.reduce((n, r) => Math.max(n, (r.index ?? -1) + 1), rules.length);
}

const memo = new WeakMap<object, RuleDecisions[]>();
const lossMemo = new WeakMap<object, Lost[][]>();

/**
 * `ruleDecisions` of a report, computed once per report (hovers and lenses of one version share it).
 * @example decisionsOf(report)[0].decides.length
 */
export function decisionsOf(report: ReportLike): RuleDecisions[] {
  let hit = memo.get(report);
  if (!hit) memo.set(report, (hit = ruleDecisions(report.results, slots(report))));
  return hit;
}

/**
 * `rulesLosses` of a report, computed once per report and only when a hover asks.
 * @example lossesOf(report)[3].length
 */
export function lossesOf(report: ReportLike): Lost[][] {
  let hit = lossMemo.get(report);
  if (!hit) lossMemo.set(report, (hit = rulesLosses(report.results, slots(report))));
  return hit;
}

/** What one rule's hover lists of the other matching rules: whom it beat, whom it lost to, and how many stored requests were read. */
export interface RuleLosses {
  /** Rules that matched a subject this rule controls (each with the rule that lost). */
  beaten: Array<Lost & { loser: number }>;
  /** Subjects this rule matched but another rule controls. */
  loses: Lost[];
  /** Stored requests whose traces were read, of `of`: fewer when the budget ran out. */
  read: number;
  of: number;
}

/**
 * `lossesOf` for one rule, reading each stored request's full trace in turn until `expired()`
 * says the hover's budget is spent (a full trace lists every rule for every subject, and on a
 * large file they take seconds to build); from the report's memo, complete, once a hover built it.
 * @example ruleLosses(report, 2, () => deadline.expired).read // every stored request when the budget held
 */
export function ruleLosses(report: ReportLike, ruleIndex: number, expired: () => boolean): RuleLosses {
  const results = report.results;
  const full = lossMemo.get(report);
  if (full) {
    const beaten = full.flatMap((d, i) => d.filter((l) => l.winner === ruleIndex).map((l) => ({ ...l, loser: i })));
    return { beaten, loses: full[ruleIndex] ?? [], read: results.length, of: results.length };
  }
  const beaten: Array<Lost & { loser: number }> = [];
  const loses: Lost[] = [];
  let read = 0;
  for (const r of results) {
    if (read > 0 && expired()) break;
    read++;
    for (const s of r.verdict?.trace.sections ?? []) {
      for (const row of s.rows) {
        if (row.rule === s.controlling || row.matches.length === 0 || !row.matches.every((m) => m === true)) continue;
        if (s.controlling === ruleIndex) beaten.push({ request: r.request.name, subject: s.subject, winner: s.controlling, branch: s.branch, loser: row.rule });
        if (row.rule === ruleIndex) loses.push({ request: r.request.name, subject: s.subject, winner: s.controlling, branch: s.branch });
      }
    }
  }
  // In the order the full list gives: by losing rule, then by request.
  beaten.sort((a, b) => a.loser - b.loser);
  return { beaten, loses, read, of: results.length };
}
