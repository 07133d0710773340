import type { Trace, Verdict } from '../model';
import type { SubjectOutcome } from './subject-outcome';

/** What a fast path knows of a verdict besides its fields: how to build the trace, and the outcomes. */
export interface LazyParts {
  build: () => Trace;
  trace: Trace | undefined;
  /** Per-subject outcomes, or how to make them on first read (see outcomes.ts). */
  outcomes: readonly SubjectOutcome[] | (() => SubjectOutcome[]) | undefined;
}

/** Where a verdict keeps its lazy parts: non-enumerable, so JSON and deep equality never see it. */
const PARTS = Symbol('lazy verdict parts');

/**
 * One accessor pair for every verdict: functions made per verdict would give each verdict an
 * object layout of its own, which costs V8 more than the evaluation (about 2 µs a verdict).
 */
const TRACE: PropertyDescriptor = {
  enumerable: true,
  configurable: true,
  get(this: { [PARTS]: LazyParts }): Trace {
    const p = this[PARTS];
    return (p.trace ??= p.build());
  },
  set(this: { [PARTS]: LazyParts }, t: Trace) {
    this[PARTS].trace = t;
  },
};

/**
 * A verdict whose trace is built on first read and kept. The trace lists every rule for every
 * subject, so it costs what the reference scan costs; callers that print only the decision and the
 * deciding rule (`eval --requests` on 10,000 requests) never pay for it, and callers that read it
 * get exactly the reference trace. The property is enumerable, so JSON and deep equality see it.
 * `outcomes` are what the trace's sections would say (outcomes.ts), if the caller knows them.
 * @example withLazyTrace({ decision: 'ask', … }, () => evaluateOpencode(rs, req).trace).trace.branch
 */
export function withLazyTrace(fields: Omit<Verdict, 'trace'>, build: () => Trace, outcomes?: LazyParts['outcomes']): Verdict {
  const parts: LazyParts = { build, trace: undefined, outcomes };
  Object.defineProperty(fields, PARTS, { value: parts });
  return Object.defineProperty(fields, 'trace', TRACE) as Verdict;
}

/** The lazy parts of a verdict made by `withLazyTrace` (a copy of it has none). */
export function lazyPartsOf(v: Verdict): LazyParts | undefined {
  return Object.prototype.hasOwnProperty.call(v, PARTS) ? (v as unknown as { [PARTS]: LazyParts })[PARTS] : undefined;
}
