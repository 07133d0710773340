/**
 * Custom messages between the RuleLens client and language server (`rulelens/...` methods).
 * One module for both sides so the shapes cannot drift.
 */
import type { Flip } from './diff/flips';
import type { Verdict } from './model';
import type { RequestInputHelp } from './requests/input';

/** `rulelens/evaluate`: evaluate one request against a rule document (open or on disk). */
export const EVALUATE_METHOD = 'rulelens/evaluate';
export interface EvaluateParams {
  /** URI of the rule file (or of its requests file: the rule file is then found through it). */
  uri: string;
  /** The request in the dialect's stored-request form (without name/expect), or a stored request's name. */
  request?: Record<string, unknown>;
  requestName?: string;
}
export interface EvaluateResult {
  ok: boolean;
  /** When ok is false: why the request could not be evaluated (field and message). */
  error?: string;
  dialect?: string;
  verdict?: Verdict;
  /** The trace rendered as Markdown, for clients that only show text. */
  markdown?: string;
  /** Rule labels in file order, for rule × subject tables. */
  /** Every rule in file order; `number` is the one people see ("rule N"). */
  rules?: Array<{ index: number; number?: number; label: string; decision: string; line: number }>;
  /**
   * Set when the server's time limit for the request cut its explanation short (the verdict is
   * whole): what was left out, as the trace's last note also says.
   */
  incomplete?: string;
}

/** `rulelens/listRequests`: the stored requests of a rule or requests file, with their results. */
export const LIST_REQUESTS_METHOD = 'rulelens/listRequests';
export interface ListRequestsParams {
  uri: string;
}
export interface RequestResultInfo {
  name: string;
  /** 0-based line of the request in the requests file. */
  line: number;
  decision: string | null;
  native: string | null;
  expect: string | null;
  pass: boolean | null;
  /**
   * How the result counts, exactly as `rulelens check` counts it: `unchecked` ran without an
   * `expect` (the Testing view shows it skipped, never passed), `invalid` has an error of its own.
   */
  outcome: 'passed' | 'failed' | 'invalid' | 'unchecked';
  /** `rule 3: edit secrets/* deny`, or the reason it could not run. */
  detail: string;
}
export interface ListRequestsResult {
  ruleUri: string | null;
  requestsUri: string | null;
  dialect: string | null;
  /** How to help a person type a request of this dialect (template and first checks), when known. */
  input?: RequestInputHelp | null;
  requests: RequestResultInfo[];
}

/** `rulelens/status` (server → client notification): what the language status item shows. */
export const STATUS_NOTIFICATION = 'rulelens/status';
export interface StatusParams {
  uri: string;
  dialect: string | null;
  requests: number;
  passed: number;
  failed: number;
  /** Requests with an error of their own (never counted as passed). */
  invalid?: number;
  /** Requests without `expect`: they ran, and nothing was compared. */
  unchecked?: number;
  /** The counts in the CLI's words: `6 requests: 5 passed, 1 failed`. */
  summary?: string;
  /**
   * Set while the server checks the document (the counts are then the last finished run's): what
   * the status item shows, e.g. `checking…`. Absent once every stage of the current version is done.
   */
  checking?: string;
}

/** The argument of `COMMANDS.showFlips`: what changes against the git base, ready to show. */
export interface ShowFlipsArgs {
  /** The rule file compared. */
  uri: string;
  flips: Flip[];
  /** The flips as a Markdown page (newly allowed first, subjects under their request). */
  markdown: string;
}

/** Command ids shared by lenses (server) and the extension (client). */
export const COMMANDS = {
  showTrace: 'rulelens.showTrace',
  evaluateRequest: 'rulelens.evaluateRequest',
  showOutput: 'rulelens.showOutput',
  showDocumentation: 'rulelens.showDocumentation',
  showFlips: 'rulelens.showFlips',
} as const;

/**
 * The title of the one, disabled, code action offered while the server checks a document's
 * current version: fixes are computed from that check, so a client asks again once it is done.
 */
export const FIXES_WAIT = 'Fixes follow once RuleLens has checked this version';
