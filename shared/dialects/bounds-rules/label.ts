import { CAPABILITIES } from './types';
import type { BoundsRule } from './types';

/**
 * A one-line rendering of a rule for traces and listings.
 * @example ruleLabel(rule) // 'no-send-after-untrusted-read: deny send if earlier untrusted read within 30 min'
 */
export function ruleLabel(r: Pick<BoundsRule, 'id' | 'denies' | 'ifPath' | 'maxSteps' | 'maxRepeats'>): string {
  const caps = r.denies.length === CAPABILITIES.length ? 'all' : r.denies.join(', ');
  const parts: string[] = [];
  if (r.maxSteps !== undefined) parts.push(`history ≥ ${r.maxSteps} steps`);
  if (r.maxRepeats !== undefined) parts.push(`≥ ${r.maxRepeats} identical calls`);
  if (r.ifPath) {
    const p = r.ifPath;
    const what = [p.trust, p.capability ?? 'step', p.subject !== undefined ? `of ${p.subject}` : undefined, p.sameArguments ? 'with the same arguments' : undefined].filter(Boolean).join(' ');
    parts.push(`earlier ${what}${p.withinMinutes !== undefined ? ` within ${p.withinMinutes} min` : ' (no window)'}`);
  }
  return `${r.id}: deny ${caps} if ${parts.join(' or ')}`;
}
