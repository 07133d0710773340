import type { Trace, Verdict } from '../model';

/**
 * A verdict whose trace is built on first read and kept. The trace lists every rule for every
 * subject, so it costs what the reference scan costs; callers that print only the decision and the
 * deciding rule (`eval --requests` on 10,000 requests) never pay for it, and callers that read it
 * get exactly the reference trace. The property is enumerable, so JSON and deep equality see it.
 * @example withLazyTrace({ decision: 'ask', … }, () => evaluateOpencode(rs, req).trace).trace.branch
 */
export function withLazyTrace(fields: Omit<Verdict, 'trace'>, build: () => Trace): Verdict {
  let trace: Trace | undefined;
  return Object.defineProperty(fields, 'trace', {
    enumerable: true,
    configurable: true,
    get: () => (trace ??= build()),
    set: (t: Trace) => {
      trace = t;
    },
  }) as Verdict;
}
