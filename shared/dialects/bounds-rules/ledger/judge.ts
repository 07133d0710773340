import type { EvalContext, Verdict } from '../../../model';
import { judgeBoundsStep, type ScopedStep } from './combined';
import type { PathsRuleSet } from '../../bounds-paths';
import type { BoundsRuleSet, NumberedStep } from '../types';
import { nextStepNumber } from './parse';
import type { Ledger, LedgerEntry, LedgerLine } from './types';

/** The rule files a step is judged under; either may be absent. */
export interface BoundsFiles {
  rules?: BoundsRuleSet;
  paths?: PathsRuleSet;
}

/**
 * The earlier steps of `task`, in ledger order, before position `before` (all when omitted). Every
 * judged step counts, refused or not: a refused step is still a step of the task.
 * @example taskHistory(ledger.entries, 'job-1').map((s) => s.step) // [1, 2]
 */
export function taskHistory(entries: readonly LedgerLine[], task: string, before = entries.length): NumberedStep[] {
  const out: NumberedStep[] = [];
  for (let i = 0; i < before && i < entries.length; i++) if (entries[i].entry.task === task) out.push(entries[i].entry);
  return out;
}

/**
 * The recorded field for the refusing rule: a rules.json id, or a paths.json glob's label.
 * @example ruleField(verdict) // 'no-send-after-untrusted-read'
 */
export function ruleField(v: Verdict): string | null {
  return v.rule ? v.rule.id ?? v.rule.label : null;
}

/**
 * Judges a new step against its task's earlier ledger steps and builds the entry to append.
 * @example judgeNext(ledger, { rules }, proposal, ctx).entry.step // 2
 */
export function judgeNext(ledger: Ledger, files: BoundsFiles, proposal: ScopedStep, ctx: EvalContext = {}): { entry: LedgerEntry; verdict: Verdict } {
  const history = taskHistory(ledger.entries, proposal.task);
  const verdict = judgeBoundsStep(files, history, proposal, ctx);
  const entry: LedgerEntry = {
    ...proposal,
    step: nextStepNumber(ledger),
    verdict: verdict.native === 'DENY' ? 'DENY' : 'ALLOW',
    code: verdict.code,
    rule: ruleField(verdict),
    tainted_by: typeof verdict.details.tainted_by === 'number' ? verdict.details.tainted_by : null,
    digest: files.rules?.digest ?? 'none',
  };
  return { entry, verdict };
}

/**
 * Appends a judged entry to an in-memory ledger (what the file gains with one line).
 * @example appendEntry(ledger, entry).entries.length
 */
export function appendEntry(ledger: Ledger, entry: LedgerEntry): Ledger {
  return { ...ledger, entries: [...ledger.entries, { line: ledger.lineCount + 1, entry }], lineCount: ledger.lineCount + 1 };
}
