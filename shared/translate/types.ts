import type { Decision } from '../model';

/** A rule file produced for another agent, with what the check of it found. */
export interface TargetTranslation {
  text: string;
  /** Witness commands whose decision differs between the source and the translation. */
  flips: Array<{ command: string; from: Decision; to: Decision }>;
  notes: string[];
  /** How many witness commands were evaluated on both sides. */
  checked: number;
}
