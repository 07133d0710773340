import type { Decision } from '../../shared/model';
import { rulesDecisions } from '../../shared/analysis';
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
  loses: Lost[];
}

/**
 * What each rule does to the stored requests, read from the verdicts' traces (the trace is the
 * single record of how a verdict was reached, so nothing is re-evaluated here). A rule decides a
 * request when it is the verdict's deciding rule; controlling one subject of a request that another
 * rule decides (a mixed request) is listed apart, so a lens never claims an outcome the rule lost.
 * @example ruleDecisions(results, 3)[2].decides.map((d) => d.request) // ['B', 'C']
 */
export function ruleDecisions(results: readonly RequestResult[], ruleCount: number): RuleDecisions[] {
  const out: RuleDecisions[] = Array.from({ length: ruleCount }, () => ({ decides: [], controls: [], loses: [] }));
  const verdicts = new Map(results.map((r) => [r.request.name, r.verdict]));
  for (const r of results) {
    const v = r.verdict;
    if (v?.rule && out[v.rule.index]) out[v.rule.index].decides.push({ request: r.request.name, decision: v.decision, subjects: [] });
  }
  for (const [rule, list] of rulesDecisions(results, ruleCount)) {
    for (const d of list) {
      const mine = out[rule].decides.find((x) => x.request === d.request);
      if (mine && verdicts.get(d.request)?.rule?.index === rule) mine.subjects.push(d.subject);
      else out[rule].controls.push({ request: d.request, subject: d.subject, decision: d.decision });
    }
  }
  for (const r of results) {
    for (const s of r.verdict?.trace.sections ?? []) {
      for (const row of s.rows) {
        if (row.rule === s.controlling || !out[row.rule] || row.matches.length === 0) continue;
        if (row.matches.every((m) => m === true)) out[row.rule].loses.push({ request: r.request.name, subject: s.subject, winner: s.controlling, branch: s.branch });
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

const memo = new WeakMap<object, RuleDecisions[]>();

/**
 * `ruleDecisions` of a report, computed once per report (hovers and lenses of one version share it).
 * @example decisionsOf(report)[0].decides.length
 */
export function decisionsOf(report: { results: readonly RequestResult[]; ruleSet: { rules: readonly unknown[] } | null }): RuleDecisions[] {
  let hit = memo.get(report);
  if (!hit) {
    // Size by the largest rule index, not the count: a dialect may keep a dropped entry's slot.
    const rules = (report.ruleSet?.rules ?? []) as ReadonlyArray<{ index?: number }>;
    const size = rules.reduce((n, r) => Math.max(n, (r.index ?? -1) + 1), rules.length);
    hit = ruleDecisions(report.results, size);
    memo.set(report, hit);
  }
  return hit;
}
