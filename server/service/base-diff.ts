import { loadRuleSet, type FileReport } from '../../shared/check/check-file';
import { compareSlices, type Comparison } from '../../shared/diff/compare';
import { Deadline, type WorkClock } from '../../shared/analysis/budget';
import { finish, type Steps } from '../../shared/analysis/steps';
import type { ServiceHost } from './host';
import type { EvalContext, RuleSet } from '../../shared/model';
import type { AnyDialect, FileInfo, Reparse } from '../../shared/dialects/dialect';
import type { RequestResult } from '../../shared/requests/model';
import { rerunRequestSteps, runRequestSteps } from '../../shared/requests/run';

/** The dialect's `reparse`, or undefined (a full parse) when it throws: a fast path never costs the comparison. */
function guardedReparse(dialect: AnyDialect, near: RuleSet, file: FileInfo, ctx: EvalContext): Reparse | undefined {
  try {
    return dialect.reparse!(near, file, ctx);
  } catch {
    return undefined;
  }
}

/** The base every editor comparison is against; the CLI's `diff --base` takes any revision. */
export const BASE_REV = 'HEAD';

/** Rule files whose base side is kept at once (a few open rule files per workspace). */
const MAX_BASES = 16;

/**
 * How a rule file stands against the base: new to git, or changed with what that flips
 * (`incomplete` when the search stopped at its time limit: its notes say what was not searched).
 */
export type BaseDiff = { state: 'new' } | { state: 'changed'; comparison: Comparison; incomplete?: boolean };

interface Cached {
  baseText: string;
  diff: BaseDiff | null;
}

/** The base version of one rule file, parsed and run once per (base text, requests text, dialect). */
interface BaseSide {
  key: string;
  ruleSet: RuleSet | null;
  results: RequestResult[] | undefined;
}

/**
 * The comparison of each rule file's report with its base text. Reports are reused while their
 * inputs are unchanged, so keying on the report means one base run per edit, shared by the
 * validation, the lenses and the code actions that ask right after it.
 */
export class BaseDiffs {
  private readonly cache = new WeakMap<FileReport, Cached>();
  /** Per rule file: the base side, reused while typing (only the current version changes per keystroke). */
  private readonly bases = new Map<string, BaseSide>();
  /** Per rule file, the last comparison that finished (what the editor shows while a newer one runs). */
  private readonly latestDiff = new Map<string, BaseDiff | null>();

  constructor(private readonly host: ServiceHost, private readonly textOf: (p: string) => string | undefined) {}

  /**
   * Null when there is nothing to say: no git base, text equal to it, or a rule file that does
   * not parse right now (comparing a half-typed file would flip everything for a keystroke).
   * @example diffs.of(report)?.state // 'changed'
   */
  of(report: FileReport | null): BaseDiff | null {
    return finish(this.steps(report));
  }

  /**
   * `of` as steps (see `Steps`): the witness search runs a slice at a time within `budgetMs` of
   * work on `clock` (default: the search's own per-file budget, on the process's clocks).
   * @example finish(diffs.steps(report, clock, 1000))?.state
   */
  *steps(report: FileReport | null, clock?: WorkClock, budgetMs?: number): Steps<BaseDiff | null> {
    const quick = this.quick(report);
    if (quick !== undefined) return quick;
    const base = this.host.baseText!(report!.path)!;
    const deadline = clock || budgetMs !== undefined ? new Deadline(budgetMs, undefined, clock) : undefined;
    const others = this.memberBases(report!);
    const diff = yield* this.compute(report!, base.text, others, deadline);
    this.cache.set(report!, { baseText: [base.text, ...[...others].flat()].join('\u0000'), diff });
    this.latestDiff.set(report!.path, diff);
    return diff;
  }

  /**
   * The comparison of this report when it is known without searching (nothing to compare, or
   * finished already); undefined while it has not run.
   * @example diffs.finished(report) === undefined // the search is still to run
   */
  finished(report: FileReport | null): BaseDiff | null | undefined {
    return this.quick(report);
  }

  /**
   * The last comparison that finished for a rule file, of whatever version (undefined: none yet).
   * @example diffs.latest('/ws/opencode.json')?.state
   */
  latest(path: string): BaseDiff | null | undefined {
    return this.latestDiff.get(path);
  }

  /** What `of` answers without a search: null (nothing to compare), 'new', a finished comparison; else undefined. */
  private quick(report: FileReport | null): BaseDiff | null | undefined {
    if (!report?.dialect || !report.ruleSet || !this.host.baseText) return null;
    if (report.ruleSet.findings.some((f) => f.data?.syntax === true)) return null;
    const base = this.host.baseText(report.path);
    if (!base) return null;
    if (base.missing) return { state: 'new' };
    const others = this.memberBases(report);
    if (this.textOf(report.path) === base.text && others.size === 0) return null;
    const baseKey = [base.text, ...[...others].flat()].join('\u0000');
    const hit = this.cache.get(report);
    if (hit && hit.baseText === baseKey) return hit.diff;
    return undefined;
  }

  /**
   * The policy's other files whose text at the base differs from now, with that text: a change to
   * a sibling `.rules` file or the local settings flips this file's decisions too. A file the base
   * does not hold (new since, or ignored) is taken as it is now.
   */
  private memberBases(report: FileReport): Map<string, string> {
    const out = new Map<string, string>();
    for (const m of report.ruleSet?.members ?? []) {
      // A file absent now is asked about by nobody: the base reader knows only files that exist.
      if (m.path === report.path || !m.present) continue;
      const b = this.host.baseText!(m.path);
      if (b && !b.missing && b.text !== this.textOf(m.path)) out.set(m.path, b.text);
    }
    return out;
  }

  private *compute(report: FileReport, baseText: string, others: Map<string, string>, deadline: Deadline | undefined): Steps<BaseDiff | null> {
    const dialect = report.dialect!;
    const ctx = this.host.ctx ?? {};
    try {
      const side = yield* this.baseSide(report, baseText, others);
      if (!side.ruleSet) return null;
      yield;
      // The rule file's own embedded request (index -1) has no counterpart in a requests file.
      const current = report.results.filter((r) => r.request.index >= 0);
      // History rules are also judged against the steps really recorded beside them.
      const records = dialect.recordedSteps;
      const recordsText = records ? this.textOf(records.fileBeside(report.path)) : undefined;
      const ledger = records && recordsText !== undefined ? records.read(recordsText).steps : undefined;
      const comparison = yield* compareSlices({ dialect, base: side.ruleSet, current: report.ruleSet!, requests: report.requestsFile, ctx, currentResults: current, records: ledger, baseResults: side.results, search: { deadline } });
      // A search the clock stopped says so in a note; the lens then says the search is incomplete.
      return deadline?.expired && (comparison.notes.length > 0 || comparison.unsearched.length > 0) ? { state: 'changed', comparison, incomplete: true } : { state: 'changed', comparison };
    } catch {
      // A base the engine cannot read is no reason to lose the other features of this document.
      return null;
    }
  }

  /**
   * The base parse and its run of the stored requests: recomputed only when one of their inputs
   * changes. The run is steps, a request at a time: on the first edit after opening a large file
   * it is all the stored requests again (seconds for a shell-parsing dialect), and a hover waits
   * for no step.
   */
  private *baseSide(report: FileReport, baseText: string, changed: Map<string, string>): Steps<BaseSide> {
    const dialect = report.dialect!;
    const ctx = this.host.ctx ?? {};
    const requestsText = report.requestsPath ? this.textOf(report.requestsPath) ?? '' : '';
    // The policy's other files at the base: as they are now, but for those that differ from it.
    const others = (report.ruleSet?.members ?? []).filter((m) => m.path !== report.path).map((m) => `${m.path}\u0000${changed.get(m.path) ?? this.textOf(m.path) ?? ''}`).join('\u0000');
    const key = JSON.stringify([dialect.id, ctx, report.requestsPath, baseText.length, requestsText.length]) + baseText + '\u0000' + requestsText + '\u0000' + others;
    const hit = this.bases.get(report.path);
    if (hit && hit.key === key) return hit;
    // A base that differs from the current text only a little is read off the current parse, and
    // only the stored requests a changed rule can meet are run on it again.
    // Read off the current parse only when the other files are the same: it keeps their rules as now.
    const reparsed = report.ruleSet && dialect.reparse && changed.size === 0 ? guardedReparse(dialect, report.ruleSet, { path: report.path, text: baseText }, ctx) : undefined;
    const host = { readFile: this.textOf, exists: (p: string) => this.textOf(p) !== undefined, list: this.host.list };
    const ruleSet = reparsed ? reparsed.ruleSet : loadRuleSet({ path: report.path, text: baseText }, { ctx, dialect: dialect.id, overlay: new Map([[report.path, baseText], ...changed]) }, host).ruleSet;
    const file = report.requestsFile;
    const results = !ruleSet || !file ? undefined : reparsed ? yield* rerunRequestSteps(dialect, reparsed, file, ctx, report.results) : yield* runRequestSteps(dialect, ruleSet, file, ctx);
    const side: BaseSide = { key, ruleSet, results };
    if (this.bases.size >= MAX_BASES && !this.bases.has(report.path)) this.bases.delete(this.bases.keys().next().value!);
    this.bases.set(report.path, side);
    return side;
  }
}
