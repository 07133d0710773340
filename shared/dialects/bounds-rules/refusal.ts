import type { Verdict } from '../../model';

/**
 * The one-line outcome of a judged step, as the ledger tools print it.
 * @example decisionLine(2, { action: 'mail.send', subject: 'partner@example.com' }, verdict)
 * // '#2 DENY mail.send partner@example.com (PATH_DENIED by step #1 under no-send-after-untrusted-read)'
 */
export function decisionLine(step: number, s: { action: string; subject: string }, v: Pick<Verdict, 'native' | 'code' | 'rule' | 'details'>): string {
  return formatDecision(step, s.action, s.subject, v.native, v.code, v.rule?.id ?? null, asStep(v.details.tainted_by));
}

/**
 * The same line from recorded fields (a ledger entry).
 * @example formatDecision(4, 'mail.send', 'partner@example.com', 'ALLOW', null, null, null) // '#4 ALLOW mail.send partner@example.com (ALLOW)'
 */
export function formatDecision(step: number, action: string, subject: string, native: string, code: string | null, rule: string | null, taintedBy: number | null): string {
  const head = `#${step} ${native} ${action} ${subject}`;
  if (native !== 'DENY') return `${head} (${native})`;
  const by = taintedBy !== null ? ` by step #${taintedBy}` : '';
  const under = rule ? ` under ${rule}` : '';
  return `${head} (${code ?? 'DENY'}${by}${under})`;
}

function asStep(v: unknown): number | null {
  return typeof v === 'number' ? v : null;
}
