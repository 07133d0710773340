import type { RequestResultInfo } from '../../shared/protocol';

export type Outcome = 'passed' | 'failed' | 'skipped' | 'errored';

/**
 * The Testing view's outcome for a result: the CLI's bucket, with an invalid request errored and a
 * request without `expect` skipped. A server without `outcome` is read the same way from `pass`.
 * @example testOutcome({ pass: null, decision: 'allow', outcome: 'unchecked' }) // 'skipped'
 */
export function testOutcome(info: Pick<RequestResultInfo, 'pass' | 'decision'> & { outcome?: RequestResultInfo['outcome'] }): Outcome {
  const bucket = info.outcome ?? (info.pass === true ? 'passed' : info.pass === false || info.decision === null ? 'failed' : 'unchecked');
  return bucket === 'passed' ? 'passed' : bucket === 'failed' ? 'failed' : bucket === 'invalid' ? 'errored' : 'skipped';
}
