import type { Range } from './source';

export type Severity = 'error' | 'warning' | 'information' | 'hint';

/** Another place involved in a finding (the covering rule, the tainting step, …). */
export interface RelatedInfo {
  /** File path; absent means the same file as the finding. */
  path?: string;
  range: Range;
  message: string;
}

/**
 * One diagnostic produced by the engine: a schema error, a lint, a failed or invalid request.
 * `code` is the stable lint id from the catalog (docs/lints/<code>.md).
 */
export interface Finding {
  code: string;
  severity: Severity;
  message: string;
  /** The whole message when `message` is a headline cut from it (its rest is the first related entry). */
  full?: string;
  range: Range;
  related?: RelatedInfo[];
  /** The finding concerns dead text (editor shows it faded). */
  unnecessary?: boolean;
  /** A concrete request/resource/command the claim is true for. */
  witness?: string;
  /** Structured payload for quick fixes (rule index, suggested edit, …). */
  data?: Record<string, unknown>;
}

/** @example finding('schema', 'error', 'expected a string', range) */
export function finding(code: string, severity: Severity, message: string, range: Range, extra: Partial<Finding> = {}): Finding {
  return { code, severity, message, range, ...extra };
}
