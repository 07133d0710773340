import type { RequestResult } from './model';

/** How a file's requests fared. Every request is in exactly one bucket, so the parts add up. */
export interface ResultCounts {
  requests: number;
  passed: number;
  failed: number;
  /** Has an error: a field is missing, misspelt or ill-typed, or the expect word is unknown. */
  invalid: number;
  /** Ran, but has no `expect` to compare with. */
  unchecked: number;
}

/** The bucket a result is counted in; every surface (CLI summary, lenses, status, Testing view) uses it. */
export type ResultBucket = 'passed' | 'failed' | 'invalid' | 'unchecked';

/**
 * Which bucket one result counts in: an invalid request is never a pass, a request the engine
 * could not decide is a failure, and a request without `expect` is unchecked (never a pass).
 * @example resultBucket({ ...result, pass: null }) // 'unchecked'
 */
export function resultBucket(r: RequestResult): ResultBucket {
  // A request with any error (unknown field, bad expect word, duplicate name) is invalid even
  // when the rest of it ran: its result cannot be trusted to test what its author meant.
  if (r.invalid?.severity === 'error' || r.request.request === undefined || r.request.findings.some((f) => f.severity === 'error')) return 'invalid';
  if (r.pass === true) return 'passed';
  if (r.pass === false) return 'failed';
  if (r.verdict === null) return 'failed'; // the engine could not decide it: never a pass
  return 'unchecked';
}

/**
 * Counts results by outcome; an invalid request is never hidden among the passes.
 * @example countResults(results) // { requests: 5, passed: 2, failed: 0, invalid: 3, unchecked: 0 }
 */
export function countResults(results: readonly RequestResult[]): ResultCounts {
  const c: ResultCounts = { requests: results.length, passed: 0, failed: 0, invalid: 0, unchecked: 0 };
  for (const r of results) c[resultBucket(r)]++;
  return c;
}

/**
 * One line for people: `5 requests: 2 passed, 0 failed, 3 invalid`; zero invalid and zero
 * unchecked are left out.
 * @example resultsLine({ requests: 6, passed: 6, failed: 0, invalid: 0, unchecked: 0 }) // '6 requests: 6 passed, 0 failed'
 */
export function resultsLine(c: ResultCounts): string {
  const parts = [`${c.passed} passed`, `${c.failed} failed`];
  if (c.invalid) parts.push(`${c.invalid} invalid`);
  if (c.unchecked) parts.push(`${c.unchecked} without expect`);
  return `${c.requests} request${c.requests === 1 ? '' : 's'}: ${parts.join(', ')}`;
}
