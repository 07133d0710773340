import { lintSteps, type FileReport } from '../../shared/check/check-file';
import { finish, type Steps } from '../../shared/analysis/steps';
import type { WorkClock } from '../../shared/analysis/budget';
import type { EvalContext, Finding, RuleSet } from '../../shared/model';
import { carryFindings } from './carry-over';

/**
 * One rule file's finished lints: of which text, and the findings before levels. The text, not
 * the parse: a superseded version's rule set (every rule, its patterns and what the lints kept on
 * them) would otherwise stay alive beside the current one until the next lints finish.
 */
interface Done {
  text: string;
  findings: Finding[];
}

/**
 * The lints of each parse, run apart from the check (they can take seconds on a large file): at
 * once for the service's plain callers (`of`), as steps for the server (`steps`), which meanwhile
 * shows the last finished lints of the file moved onto the new text (`known`).
 */
export class Lints {
  private readonly done = new WeakMap<RuleSet, Finding[]>();
  /** Per rule file, the last parse whose lints finished. */
  private readonly latest = new Map<string, Done>();
  /** Per rule file, the last findings made across files (other agents' policies change apart from it). */
  private readonly lastAcross = new Map<string, Finding[]>();

  /**
   * `across` makes the findings of a file that depend on other files than its policy's
   * (`agents-disagree`): run each time the lints are asked for, after the file's own.
   */
  constructor(
    private readonly ctx: () => EvalContext | undefined,
    private readonly across: (report: FileReport) => Finding[] = () => [],
  ) {}

  /**
   * The lints of a report's parse, run now if they have not run.
   * @example lints.of(report).map((f) => f.code) // ['dead-rule']
   */
  of(report: FileReport): Finding[] {
    const rs = report.ruleSet;
    if (!rs || !report.dialect) return [];
    const own = this.done.get(rs);
    return own ? [...own, ...this.acrossOf(report)] : finish(this.steps(report));
  }

  /**
   * The lints of a report's parse as steps, on `clock` (the budget counts the slices only).
   * @example finish(lints.steps(report, clock))
   */
  *steps(report: FileReport, clock?: WorkClock): Steps<Finding[]> {
    const rs = report.ruleSet;
    const dialect = report.dialect;
    if (!rs || !dialect) return [];
    let findings = this.done.get(rs) ?? this.sameText(report);
    if (!findings) {
      findings = yield* lintSteps(dialect, rs, { ...(this.ctx() ?? {}), clock });
      this.done.set(rs, findings);
      this.latest.set(report.path, { text: rs.source.text, findings });
    }
    return [...findings, ...this.acrossOf(report)];
  }

  /** The findings across files, made now; an engine failure makes none rather than failing the lints. */
  private acrossOf(report: FileReport): Finding[] {
    let found: Finding[] = [];
    try {
      found = this.across(report);
    } catch {
      found = [];
    }
    this.lastAcross.set(report.path, found);
    return found;
  }

  /** Forget every finished lint (they were made under other settings, or before a parser was ready). */
  forget(): void {
    this.latest.clear();
    this.lastAcross.clear();
  }

  /** Whether the lints of this parse are done. */
  finished(report: FileReport): boolean {
    return !!report.ruleSet && this.done.has(report.ruleSet);
  }

  /** The file's last finished lints when they are of this very text (a requests-file edit re-parses the rules). */
  private sameText(report: FileReport): Finding[] | undefined {
    const last = this.latest.get(report.path);
    if (!last || !report.ruleSet || last.text !== report.ruleSet.source.text) return undefined;
    this.done.set(report.ruleSet, last.findings);
    return last.findings;
  }

  /**
   * The lints to show for a report now: its own when they are done, else the file's last finished
   * lints carried onto its text (see `carryFindings`), else none.
   * @example lints.known(report).length
   */
  known(report: FileReport): Finding[] {
    const rs = report.ruleSet;
    if (!rs) return [];
    const across = this.lastAcross.get(report.path) ?? [];
    const own = this.done.get(rs);
    if (own) return [...own, ...across];
    const last = this.latest.get(report.path);
    if (!last) return [];
    return carryFindings(last.text, rs.source.text, [...last.findings, ...across], report.path);
  }
}
