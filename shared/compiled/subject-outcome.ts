import type { Decision } from '../model';

/**
 * What one trace section says without its rows: the subject, the rule that controlled it, the
 * decision and the branch. Lenses, flips and `check` summaries need no more than this, so a fast
 * path that knows it records it and nobody has to build the full trace (every rule for every
 * subject) just to read one line of it.
 */
export interface SubjectOutcome {
  kind: string;
  subject: string;
  controlling: number | null;
  decision: Decision | null;
  branch: string;
  /** The controlling rule's label as the trace row would show it ('' when none controlled). */
  label: string;
}
