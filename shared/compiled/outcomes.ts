import type { TraceSection, Verdict } from '../model';
import { lazyPartsOf } from './lazy-trace';
import type { SubjectOutcome } from './subject-outcome';

export type { SubjectOutcome } from './subject-outcome';

/** Outcomes of verdicts that have no lazy parts to keep them in (a reference evaluator's, say). */
const recorded = new WeakMap<Verdict, SubjectOutcome[]>();

/**
 * Records a verdict's per-subject outcomes; a fast path calls this with what it already knows.
 * The outcomes must be what the verdict's trace sections would say, section for section. A fast
 * path that builds its verdict with `withLazyTrace` passes them (or how to make them) there instead.
 * @example withOutcomes(verdict, [{ kind: 'resource', subject: 'a', controlling: 2, decision: 'deny', branch: '…', label: 'edit a deny' }])
 */
export function withOutcomes<V extends Verdict>(v: V, outcomes: SubjectOutcome[]): V {
  const parts = lazyPartsOf(v);
  if (parts) parts.outcomes = outcomes;
  else recorded.set(v, outcomes);
  return v;
}

/** One trace section as an outcome: the row summary a fast path would have recorded. */
export function outcomeOfSection(s: TraceSection): SubjectOutcome {
  return outcomeLabelled(s, s.controlling === null ? '' : (s.rows.find((r) => r.rule === s.controlling)?.label ?? ''));
}

/**
 * A trace section as an outcome, its controlling rule's label given by a caller that has it: the
 * rows (built lazily, one per rule) are not read.
 * @example outcomeLabelled(section, 'allow Bash(git *)').label // 'allow Bash(git *)'
 */
export function outcomeLabelled(s: TraceSection, label: string): SubjectOutcome {
  return { kind: s.kind, subject: s.subject, controlling: s.controlling, decision: s.decision, branch: s.branch, label };
}

/**
 * A verdict's per-subject outcomes: recorded by the fast path when it has them (made on first read
 * when it recorded how), else read from the trace (which a reference evaluator has built already).
 * Never builds a lazy trace when the outcomes are known.
 * @example outcomesOf(verdict).map((o) => o.controlling) // [2, null]
 */
export function outcomesOf(v: Verdict): readonly SubjectOutcome[] {
  const parts = lazyPartsOf(v);
  if (parts?.outcomes !== undefined) {
    if (typeof parts.outcomes === 'function') parts.outcomes = parts.outcomes();
    return parts.outcomes;
  }
  return recorded.get(v) ?? v.trace.sections.map(outcomeOfSection);
}
