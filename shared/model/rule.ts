import type { Decision } from './decision';
import type { Finding } from './finding';
import type { Range, SourceText } from './source';

export type DialectId = 'opencode' | 'claude' | 'omp' | 'bounds-rules' | 'bounds-paths' | 'codex' | 'gemini';

/** One rule as the agent sees it, with where it came from in the file. */
export interface Rule {
  /** 0-based position in the file's rule order (the order the dialect evaluates in, before tiers). */
  index: number;
  /**
   * The 1-based number people see ("rule 4") when it is not `index + 1`: oh-my-pi numbers its
   * `bash.patterns` entries, and an entry the agent drops keeps its number.
   */
  number?: number;
  /** A rule's own name where the dialect has one (bounds ids); otherwise null. */
  id: string | null;
  decision: Decision;
  /** The dialect's own word for the decision (omp `prompt`, bounds `DENY`). */
  native: string;
  /** A one-line rendering for people: `edit secrets/* deny`, `Bash(rm -rf *) deny`. */
  label: string;
  /** The rule's whole source range. */
  range: Range;
  /** Where this rule came from when a file holds several scopes (an agent, a settings layer). */
  scope?: string;
}

/**
 * The number a rule is shown with: "rule N" in text and `index` N - 1 in JSON are one numbering.
 * @example ruleNumber({ index: 1 }) // 2
 */
export function ruleNumber(r: { index: number; number?: number }): number {
  return r.number ?? r.index + 1;
}

/** The parsed rules of one file plus everything wrong with it. Never thrown: always returned. */
export interface RuleSet<R extends Rule = Rule> {
  dialect: DialectId;
  path: string;
  source: SourceText;
  rules: R[];
  findings: Finding[];
  /** A request the file itself carries (omp's classification form `{"command", "patterns", "mode"}`). */
  embedded?: { request: unknown; range: Range } | null;
  /**
   * Requests the file itself states with their expectations (Codex `match` / `not_match`
   * examples), run like stored requests and listed with them.
   */
  ownRequests?: Array<{ name: string; request: unknown; expect: { decision: string | null; fields: Record<string, unknown> }; range: Range }>;
}
