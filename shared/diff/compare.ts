import type { AnyDialect } from '../dialects/dialect';
import type { EvalContext, RuleSet } from '../model';
import type { RequestResult, RequestsFile } from '../requests/model';
import { runRequests } from '../requests/run';
import { countFlips, storedFlips, type Flip } from './flips';
import { witnessFlipSteps } from './witness';
import type { Deadline } from '../analysis/budget';
import { finish, type Steps } from '../analysis/steps';

/** What changes between two versions of one rule file, as the CLI's `diff` and the editor show it. */
export interface Comparison {
  /** Stored-request flips (newly allowed first), then the analyser's witnesses (`kind: 'witness'`). */
  flips: Flip[];
  /** Request-level counts: subject lines explain a flip and are not counted again. */
  counts: { loosened: number; tightened: number };
  /** What the comparison could not cover (e.g. a dialect without a witness search). */
  notes: string[];
}

/**
 * Runs the stored requests under both versions and asks the dialect's analyser for flips no stored
 * request covers. `currentResults` lets a caller that already ran the requests on `current` (the
 * language server) skip running them again, and `baseResults` the same for `base` (the base
 * rarely changes while the current version is typed); results are matched by request name.
 * @example
 * const c = compareVersions(dialect, baseRs, currentRs, requestsFile, ctx);
 * c.counts.loosened // 4 after appending `edit * allow` to the opencode example
 */
export function compareVersions(
  dialect: AnyDialect,
  base: RuleSet,
  current: RuleSet,
  requests: RequestsFile | null,
  ctx: EvalContext = {},
  currentResults?: RequestResult[],
  records?: readonly unknown[],
  baseResults?: RequestResult[],
): Comparison {
  return finish(compareVersionSteps(dialect, base, current, requests, { ctx, currentResults, records, baseResults }));
}

/** What `compareVersionSteps` may be lent beyond the two versions (see `compareVersions`). */
export interface CompareInputs {
  ctx?: EvalContext;
  currentResults?: RequestResult[];
  records?: readonly unknown[];
  baseResults?: RequestResult[];
  /** The witness search's budget (default: a fresh per-file budget). */
  deadline?: Deadline;
}

/**
 * `compareVersions` as steps (see `Steps`): the stored requests in one step, the witness search
 * in the dialect's own steps, so the editor can run a comparison between keystrokes.
 * @example finish(compareVersionSteps(dialect, baseRs, currentRs, null, { deadline })).flips
 */
export function* compareVersionSteps(dialect: AnyDialect, base: RuleSet, current: RuleSet, requests: RequestsFile | null, inputs: CompareInputs = {}): Steps<Comparison> {
  const ctx = inputs.ctx ?? {};
  const stored = requests ? storedFlips(inputs.baseResults ?? runRequests(dialect, base, requests, ctx), inputs.currentResults ?? runRequests(dialect, current, requests, ctx)) : [];
  yield;
  const witnesses = yield* witnessFlipSteps(dialect, base, current, stored, inputs.deadline);
  // Records of real decisions (Bounds' ledger) are re-judged under both versions.
  const records = inputs.records;
  const recorded = records && dialect.recordedSteps ? dialect.recordedSteps.flips(records, base, current) : [];
  const flips = [...stored, ...recorded, ...witnesses.flips];
  return { flips, counts: countFlips(flips), notes: witnesses.notes };
}
