import type { StatusParams } from '../shared/protocol';

/**
 * The counts in the CLI's words, for a server that sends no `summary` line.
 * @example describeRequests({ requests: 6, passed: 5, failed: 1 }) // '6 requests: 5 passed, 1 failed'
 */
export function describeRequests(s: Pick<StatusParams, 'requests' | 'passed' | 'failed' | 'invalid' | 'unchecked'>): string {
  if (s.requests === 0) return 'no stored requests';
  const parts = [`${s.passed} passed`, `${s.failed} failed`];
  if (s.invalid) parts.push(`${s.invalid} invalid`);
  if (s.unchecked) parts.push(`${s.unchecked} without expect`);
  return `${s.requests} request${s.requests === 1 ? '' : 's'}: ${parts.join(', ')}`;
}

/**
 * The item's text: the dialect, and `checking…` while the server checks the document.
 * @example statusText({ dialect: 'opencode', checking: 'checking…' }) // 'RuleLens: opencode · checking…'
 */
export function statusText(s: Pick<StatusParams, 'dialect' | 'checking'>): string {
  return s.checking ? `RuleLens: ${s.dialect} · ${s.checking}` : `RuleLens: ${s.dialect}`;
}
