import type { Decision } from './decision';
import type { DialectId } from './rule';

/** A reference to the rule that decided, as CLI JSON prints it. */
export interface RuleRef {
  index: number;
  id: string | null;
  label: string;
  /** The number people see when it is not `index + 1` (see `Rule.number`). */
  number?: number;
}

/** One rule as considered for one subject: which of its parts matched, and what became of it. */
export interface TraceRow {
  rule: number;
  label: string;
  /** The rule's number people see when it is not `rule + 1` (see `Rule.number`). */
  number?: number;
  /** One mark per column of the section: true matched, false did not, null not checked. */
  matches: (boolean | null)[];
  /** Why the rule did or did not apply ("allow skipped: the command has active shell control `&&`"). */
  note?: string;
}

/**
 * Everything considered for one subject: a resource (opencode), a sub-command (claude), a path view,
 * a history step (bounds), the whole command (omp).
 */
export interface TraceSection {
  kind: string;
  subject: string;
  /** Names of the match columns, e.g. ['action', 'resource']. */
  columns: string[];
  rows: TraceRow[];
  /** Index of the rule that controlled this subject, or null when none did. */
  controlling: number | null;
  decision: Decision | null;
  /** The branch of the algorithm reached for this subject ("last match", "no rule matched: default ask"). */
  branch: string;
}

/** The product: how a verdict was reached, rendered by the CLI, the editor and tests alike. */
export interface Trace {
  dialect: DialectId;
  /** The aggregate branch reached ("deny resolved before saved approvals"). */
  branch: string;
  sections: TraceSection[];
  /** Fail-closed assumptions, flagged conditions, caveats. */
  notes: string[];
}

export interface Verdict {
  decision: Decision;
  /** The dialect's own outcome word (`prompt`, `DENY`, …). */
  native: string;
  /** A dialect code where it has one (bounds `PATH_DENIED`); null otherwise. */
  code: string | null;
  rule: RuleRef | null;
  /** Further facts an `expect` object may pin: `reason`, `source`, `tainted_by`, … */
  details: Record<string, string | number | boolean | null>;
  trace: Trace;
}
