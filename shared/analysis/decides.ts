import type { Decision, RuleSet } from '../model';
import type { RequestResult } from '../requests/model';
import type { AnyDialect } from '../dialects/dialect';
import type { Deadline } from './budget';
import { outcomesOf } from '../compiled/outcomes';

/** One stored request's subject (a resource, a sub-command, a path view) that a rule decided. */
export interface RuleDecision {
  /** The stored request's name. */
  request: string;
  /** What the rule decided within it: the resource, sub-command or step the trace section is about. */
  subject: string;
  decision: Decision | null;
}

/**
 * For every rule, the stored requests it decides, per subject, read from the traces (the rule that
 * controlled each section; a fast path's recorded outcomes when it has them). Indices at or past the rule count are a dialect's synthetic entries
 * (OpenCode's saved approvals); pass `ruleCount` to leave them out.
 * @example rulesDecisions(results).get(2) // [{ request: 'B', subject: 'secrets/test.env', decision: 'deny' }]
 */
export function rulesDecisions(results: readonly RequestResult[], ruleCount = Infinity): Map<number, RuleDecision[]> {
  const out = new Map<number, RuleDecision[]>();
  for (const r of results) {
    for (const s of r.verdict ? outcomesOf(r.verdict) : []) {
      if (s.controlling === null || s.controlling >= ruleCount) continue;
      let list = out.get(s.controlling);
      if (!list) out.set(s.controlling, (list = []));
      list.push({ request: r.request.name, subject: s.subject, decision: s.decision });
    }
  }
  return out;
}

/**
 * One request (in the dialect's request shape) that the rule decides, proved on the automata within
 * `deadline` (default: a per-file budget); or undefined when the rule decides nothing, its dialect
 * has no analyser, or the budget ran out.
 * @example witnessFor(opencode, rs, 2) // { action: 'edit', resources: ['secrets/a'] }
 */
export function witnessFor(dialect: AnyDialect, rs: RuleSet, ruleIndex: number, deadline?: Deadline): unknown {
  return dialect.analysis?.witness?.(rs, ruleIndex, deadline);
}
