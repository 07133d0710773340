import { judgeStep } from '../evaluate';
import type { BoundsRule } from '../types';
import { forEachRuleStep } from './replay';
import type { LedgerLine } from './types';
import type { RuleRef, Verdict } from '../../../model';
import { direction, type Flip } from '../../../diff/flips';

const refOf = (v: Verdict): RuleRef | null => (v.rule ? { index: v.rule.index, id: v.rule.id, label: v.rule.label } : null);

/**
 * Every recorded ledger step whose decision differs between two versions of the history rules,
 * each judged with the history that preceded it in its task (steps the file scope refused cannot
 * flip and are left out, as in replay).
 * @example ledgerFlips(ledger.entries, base.rules, current.rules)[0].request // '#2 mail.send partner@example.com'
 */
export function ledgerFlips(entries: readonly LedgerLine[], base: readonly BoundsRule[], current: readonly BoundsRule[]): Flip[] {
  const out: Flip[] = [];
  forEachRuleStep(entries, ({ entry }, step, history) => {
    const before = judgeStep(base, history, step);
    const after = judgeStep(current, history, step);
    if (before.decision === after.decision) return;
    out.push({
      kind: 'ledger',
      request: `#${entry.step} ${entry.action} ${entry.subject}`,
      subject: null,
      before: before.decision,
      after: after.decision,
      beforeRule: refOf(before),
      afterRule: refOf(after),
      direction: direction(before.decision, after.decision),
    });
  });
  return out;
}
