import type { BoundsRule } from '../types';
import { judgeStep } from '../evaluate';
import { PATHS_CODES } from '../../bounds-paths';
import type { LedgerLine } from './types';
import type { NumberedStep, Step } from '../types';

/** One decision that changes under the candidate rules. */
export interface Flip {
  step: number;
  line: number;
  task: string;
  action: string;
  subject: string;
  before: { verdict: string; code: string | null; rule: string | null };
  after: { verdict: string; code: string | null; rule: string | null; tainted_by: number | null };
}

export interface ReplayResult {
  judged: number;
  /** Entries refused by the file scope: paths.json is checked first, so a rules change cannot flip them. */
  keptByScope: number;
  flips: Flip[];
  newlyDenied: number;
  newlyAllowed: number;
}

/**
 * Walks the ledger in order, handing each entry that the rules could judge (not refused by the file
 * scope, which is checked first) to `judge` with the step as proposed and the earlier steps of its
 * task. Returns how many entries the scope had refused.
 * @example forEachRuleStep(ledger.entries, (entry, step, history) => judgeStep(rules, history, step))
 */
export function forEachRuleStep(entries: readonly LedgerLine[], judge: (line: LedgerLine, step: Step, history: readonly NumberedStep[]) => void): number {
  const byTask = new Map<string, NumberedStep[]>();
  let keptByScope = 0;
  for (const line of entries) {
    const { entry } = line;
    const history = byTask.get(entry.task) ?? [];
    if (entry.code !== null && (PATHS_CODES as readonly string[]).includes(entry.code)) keptByScope++;
    else {
      const { args: _a, step: _s, verdict: _v, code: _c, rule: _r, tainted_by: _t, digest: _d, ...step } = entry;
      judge(line, step, history);
    }
    history.push(entry);
    byTask.set(entry.task, history);
  }
  return keptByScope;
}

/**
 * Re-judges every ledger entry under candidate rules with the history that preceded it in its task,
 * and lists each decision that flips. Replay trusts the ledger's history; it cannot prove it complete.
 * @example replayLedger(ledger.entries, strict.rules).newlyDenied // 3
 */
export function replayLedger(entries: readonly LedgerLine[], rules: readonly BoundsRule[]): ReplayResult {
  const out: ReplayResult = { judged: 0, keptByScope: 0, flips: [], newlyDenied: 0, newlyAllowed: 0 };
  out.keptByScope = forEachRuleStep(entries, ({ line, entry }, step, history) => {
    out.judged++;
    const v = judgeStep(rules, history, step);
    if (v.native === entry.verdict) return;
    out.flips.push({
      step: entry.step,
      line,
      task: entry.task,
      action: entry.action,
      subject: entry.subject,
      before: { verdict: entry.verdict, code: entry.code, rule: entry.rule },
      after: { verdict: v.native, code: v.code, rule: v.rule?.id ?? null, tainted_by: typeof v.details.tainted_by === 'number' ? v.details.tainted_by : null },
    });
    if (v.native === 'DENY') out.newlyDenied++;
    else out.newlyAllowed++;
  });
  return out;
}
