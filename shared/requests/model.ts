import type { Finding, Range, Verdict } from '../model';

/** What a stored request expects: a decision word and/or pinned details. */
export interface Expectation {
  /** As written: normalized (`deny`) or native (`prompt`, `DENY`); null when only details are pinned. */
  decision: string | null;
  /** Other pinned fields (`code`, `rule`, `tainted_by`, `reason`, `source`, …). */
  fields: Record<string, unknown>;
  range: Range;
}

/** One entry of a requests file. `request` is the dialect's parsed request, absent when invalid. */
export interface StoredRequest {
  index: number;
  name: string;
  origin: string | null;
  note: string | null;
  expect: Expectation | null;
  request: unknown;
  /** The JSON value as written, for saving back and for `copied` fidelity checks. */
  raw: unknown;
  range: Range;
  nameRange: Range;
  /** Where each field's value is written, for findings about one field (`agent`, `tool`). */
  fieldRanges?: Record<string, Range>;
  findings: Finding[];
}

export interface RequestsFile {
  path: string;
  /** The rule file named by `"rules"`, resolved against the requests file's folder; null when absent. */
  rulesRef: string | null;
  /** `"builtins": false` pins the file alone (no built-in agent layers) for these requests; null when unset. */
  builtins: boolean | null;
  requests: StoredRequest[];
  /** Findings about the file itself and every request in it (schema, request-invalid). */
  findings: Finding[];
}

/** The outcome of running one stored request. */
export interface RequestResult {
  request: StoredRequest;
  verdict: Verdict | null;
  /** true met, false failed, null no `expect` or not runnable. */
  pass: boolean | null;
  /** Each unmet pinned field: `decision: expected deny, got allow`. */
  mismatches: string[];
  /** Why it could not run (invalid fields, engine error). */
  error: string | null;
  /** A problem found only against the rules (an agent the config does not define): not run. */
  invalid?: Finding;
}
