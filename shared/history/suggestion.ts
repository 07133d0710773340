import type { Decision } from '../model';

/** What a suggestion must keep: every observed call judged again under the suggested rules. */
export interface SuggestProof {
  approvedKept: number;
  /** Approved calls left to ask on purpose (runs-anything, not expressible), listed in `left`. */
  approvedLeft: number;
  approvedChanged: Array<{ describe: string; before: Decision; after: Decision }>;
  deniedDenied: number;
  deniedAsked: number;
  /** Must be empty: observed denials the suggestion would allow. */
  deniedAllowed: string[];
  /** Must be empty: runs-anything witnesses a suggested allow admits. */
  runsAnything: string[];
}

/**
 * A suggestion limited to one broad rule (its index in the rule set): only that rule is replaced
 * (or removed when the history never used it); no other rule is removed and no deny is added, so
 * the rewrite changes exactly that rule. Its proof is relative: an observed denial or a
 * runs-anything witness counts against it only when the current rules did not allow it already.
 */
export interface SuggestScope {
  rule: number;
}

/** Rounds of proving and narrowing before a suggestion gives up on a group. */
export const MAX_PROOF_ROUNDS = 6;

/** One rule of a suggestion and why. */
export interface SuggestedRule {
  tier: 'allow' | 'deny';
  rule: string;
  /** The broad allow it replaces (null for a new deny). */
  replaces: string | null;
  /** Distinct subjects and calls it covers. */
  covers: string[];
  calls: number;
  why: string;
}

export interface Suggestion {
  /** The rule file's new text. */
  text: string;
  rules: SuggestedRule[];
  /** Broad allows removed (replaced by `rules`, or unused in the history). */
  removed: Array<{ rule: string; calls: number }>;
  /** Approved calls that no longer get an allow, each with why (runs-anything, not expressible). */
  left: Array<{ subject: string; why: string; calls: number }>;
  /** The proof: every observed call judged under the suggested rules. */
  proof: SuggestProof;
}
