import type { AnyDialect, WitnessOptions } from '../dialects/dialect';
import { ruleSource, type EvalContext, type RuleRef, type RuleSet } from '../model';
import type { RequestResult, RequestsFile } from '../requests/model';
import { runRequests } from '../requests/run';
import { countFlips, storedFlipSteps, type Flip } from './flips';
import { witnessSlices } from './witness';
import { runSlices } from './search';

/** What changes between two versions of one rule file, as the CLI's `diff` and the editor show it. */
export interface Comparison {
  /** Stored-request flips (newly allowed first), then the analyser's witnesses (`kind: 'witness'`). */
  flips: Flip[];
  /** Request-level counts: subject lines explain a flip and are not counted again. */
  counts: { loosened: number; tightened: number };
  /** What the comparison says beside its flips (e.g. a dialect without a witness search). */
  notes: string[];
  /**
   * What the witness search did not examine (no search for the dialect, a time limit, a rule it
   * cannot find a request for); empty when it searched every changed rule. A budgeted `diff`
   * fails on any of these: it never passes a change it did not examine.
   */
  unsearched: string[];
}

/** The inputs of one comparison: see `compareVersions`. */
export interface CompareInputs {
  dialect: AnyDialect;
  base: RuleSet;
  current: RuleSet;
  requests: RequestsFile | null;
  ctx?: EvalContext;
  currentResults?: RequestResult[];
  records?: readonly unknown[];
  baseResults?: RequestResult[];
  search?: WitnessOptions;
}

/**
 * Runs the stored requests under both versions and asks the dialect's analyser for flips no stored
 * request covers. `currentResults` lets a caller that already ran the requests on `current` (the
 * language server) skip running them again, and `baseResults` the same for `base` (the base
 * rarely changes while the current version is typed); results are matched by request name.
 * `search` bounds the witness search (its deadline); it evaluates under `ctx`.
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
  search: WitnessOptions = {},
): Comparison {
  return runSlices(compareSlices({ dialect, base, current, requests, ctx, currentResults, records, baseResults, search }));
}

/**
 * `compareVersions` in slices: the stored requests and the records first, then the witness search
 * a bounded piece per `next()` (see `WitnessSearch.slices`), so a host can yield between pieces or
 * drop the comparison of a version that is no longer current.
 * @example const it = compareSlices({ dialect, base, current, requests: null, ctx }); let r; while (!(r = it.next()).done); r.value.counts
 */
export function* compareSlices(inputs: CompareInputs): Generator<void, Comparison, void> {
  const { dialect, base, current, requests, currentResults, records, baseResults } = inputs;
  const ctx = inputs.ctx ?? {};
  const stored = requests ? yield* storedFlipSteps(baseResults ?? runRequests(dialect, base, requests, ctx), currentResults ?? runRequests(dialect, current, requests, ctx)) : [];
  // Records of real decisions (Bounds' ledger) are re-judged under both versions.
  const recorded = records && dialect.recordedSteps ? dialect.recordedSteps.flips(records, base, current) : [];
  yield;
  const witnesses = yield* witnessSlices(dialect, base, current, stored, { ctx, ...inputs.search });
  // A rule of another file of the policy is named with its file: the change may be there.
  // concat, not spreads of lists that are empty on some versions (see the witness search).
  const flips = stored.concat(recorded, witnesses.flips).map((f) => placed(f, base, current));
  return { flips, counts: countFlips(flips), notes: witnesses.notes, unsearched: witnesses.unsearched };
}

/** A rule reference with its file and layer when it is written in another file of the policy than `rs`'s own. */
function withFile(r: RuleRef | null, rs: RuleSet): RuleRef | null {
  if (!r || r.source) return r;
  const rule = rs.rules.find((x) => x.index === r.index);
  if (rule?.file === undefined || rule.file === rs.path) return r;
  return { ...r, source: ruleSource(rs, rule) };
}

function placed(f: Flip, base: RuleSet, current: RuleSet): Flip {
  const beforeRule = withFile(f.beforeRule, base);
  const afterRule = withFile(f.afterRule, current);
  return beforeRule === f.beforeRule && afterRule === f.afterRule ? f : { ...f, beforeRule, afterRule };
}
