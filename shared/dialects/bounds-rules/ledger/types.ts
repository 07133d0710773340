import type { Finding } from '../../../model';
import type { ScopedStep } from './combined';

/** The ledger's file name inside `.attesso/`. */
export const LEDGER_FILE = 'ledger.jsonl';

/** One judged step, one line of `.attesso/ledger.jsonl`. */
export interface LedgerEntry extends ScopedStep {
  /** Step number across the whole ledger, 1-based. */
  step: number;
  verdict: 'ALLOW' | 'DENY';
  code: string | null;
  /** Id of the refusing rule (rules.json) or label of the refusing glob (paths.json). */
  rule: string | null;
  /** The step that tainted the path (or reached the ceiling), by ledger number. */
  tainted_by: number | null;
  /** Digest of the rules file the step was judged under. */
  digest: string;
}

/** A ledger entry and the 1-based line it was read from. */
export interface LedgerLine {
  line: number;
  entry: LedgerEntry;
}

export interface Ledger {
  entries: LedgerLine[];
  /** One per corrupt line (the line is skipped), with its line number in the range and message. */
  findings: Finding[];
  /** Non-empty lines, valid or not: step numbers never reuse a corrupt line's slot. */
  lineCount: number;
}
