import { judgeStep } from '../dialects/bounds-rules/evaluate';
import type { BoundsRule, NumberedStep } from '../dialects/bounds-rules/types';
import { PATHS_CODES } from '../dialects/bounds-paths/types';
import type { LedgerLine } from '../ledger/types';
import type { RuleRef, Verdict } from '../model';
import { direction, type Flip } from './flips';

const refOf = (v: Verdict): RuleRef | null => (v.rule ? { index: v.rule.index, id: v.rule.id, label: v.rule.label } : null);

/**
 * Every recorded ledger step whose decision differs between two versions of the history rules,
 * each judged with the history that preceded it in its task. Steps the file scope refused are
 * left out: paths.json is checked first, so no rules change can flip them.
 * @example ledgerFlips(ledger.entries, base.rules, current.rules)[0].request // '#2 mail.send partner@example.com'
 */
export function ledgerFlips(entries: readonly LedgerLine[], base: readonly BoundsRule[], current: readonly BoundsRule[]): Flip[] {
  const byTask = new Map<string, NumberedStep[]>();
  const out: Flip[] = [];
  for (const { entry } of entries) {
    const history = byTask.get(entry.task) ?? [];
    if (entry.code === null || !(PATHS_CODES as readonly string[]).includes(entry.code)) {
      const { args: _a, step: _s, verdict: _v, code: _c, rule: _r, tainted_by: _t, digest: _d, ...step } = entry;
      const before = judgeStep(base, history, step);
      const after = judgeStep(current, history, step);
      if (before.decision !== after.decision) {
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
      }
    }
    history.push(entry);
    byTask.set(entry.task, history);
  }
  return out;
}
