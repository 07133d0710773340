import type { BoundsRule } from '../dialects/bounds-rules/types';
import { judgeStep } from '../dialects/bounds-rules/evaluate';
import { PATHS_CODES } from '../dialects/bounds-paths/types';
import type { LedgerLine } from './types';
import type { NumberedStep } from '../dialects/bounds-rules/types';

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
 * Re-judges every ledger entry under candidate rules with the history that preceded it in its task,
 * and lists each decision that flips. Replay trusts the ledger's history; it cannot prove it complete.
 * @example replayLedger(ledger.entries, strict.rules).newlyDenied // 3
 */
export function replayLedger(entries: readonly LedgerLine[], rules: readonly BoundsRule[]): ReplayResult {
  const byTask = new Map<string, NumberedStep[]>();
  const out: ReplayResult = { judged: 0, keptByScope: 0, flips: [], newlyDenied: 0, newlyAllowed: 0 };
  for (const { line, entry } of entries) {
    const history = byTask.get(entry.task) ?? [];
    if (entry.code !== null && (PATHS_CODES as readonly string[]).includes(entry.code)) out.keptByScope++;
    else {
      out.judged++;
      const { args: _a, step: _s, verdict: _v, code: _c, rule: _r, tainted_by: _t, digest: _d, ...step } = entry;
      const v = judgeStep(rules, history, step);
      if (v.native !== entry.verdict) {
        const flip: Flip = {
          step: entry.step,
          line,
          task: entry.task,
          action: entry.action,
          subject: entry.subject,
          before: { verdict: entry.verdict, code: entry.code, rule: entry.rule },
          after: { verdict: v.native, code: v.code, rule: v.rule?.id ?? null, tainted_by: typeof v.details.tainted_by === 'number' ? v.details.tainted_by : null },
        };
        out.flips.push(flip);
        if (v.native === 'DENY') out.newlyDenied++;
        else out.newlyAllowed++;
      }
    }
    history.push(entry);
    byTask.set(entry.task, history);
  }
  return out;
}
