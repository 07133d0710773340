import { inFile, ruleNumber, ruleSource, type Rule, type RuleSet } from '../../shared/model';
import type { CodeLens, Command, Range } from 'vscode-languageserver';
import type { FileReport } from '../../shared/check/check-file';
import type { RequestResult } from '../../shared/requests/model';
import { COMMANDS } from '../../shared/protocol';
import { countResults, resultsLine } from '../../shared/requests/summary';
import type { BaseDiff } from './base-diff';
import { decisionsOf, shortName, type Decided } from './decides';
import { flipLens, flipSuffix, requestFlips } from './flips';
import type { Analysis } from './workspace';
import type { LensMode } from './lens-mode';
import { Deadline } from '../../shared/analysis/budget';

const NAMES_SHOWN = 4;

/**
 * CPU time one code-lens request may spend on its lenses: past it, the rules or stored requests
 * left get none, and the summary lens on top says how many (`lensesCutNote`).
 */
export const CODE_LENS_MS = 100;

/** Lenses built between two reads of the budget (a read is a system call; a lens is far cheaper). */
const LENSES_PER_CHECK = 256;

/**
 * What the summary lens adds when the budget ran out with `n` rules or requests not yet read.
 * @example lensesCutNote(40, 'rule') // 'lenses of 40 more rules not computed (time limit: 100 ms)'
 */
export function lensesCutNote(n: number, what: 'rule' | 'request'): string {
  return `lenses of ${n} more ${what}${n === 1 ? '' : 's'} not computed (time limit: ${CODE_LENS_MS} ms)`;
}

/** What a lens built from an earlier version's results adds to its title. */
export const EARLIER = 'earlier version, checking…';

/** An empty range at a line's start: one position object for both ends (lenses are only read and sent). */
function lineRange(line: number): Range {
  const at = { line, character: 0 };
  return { start: at, end: at };
}

/**
 * A rule's lens: its line and command, the range made when read or sent. A file of thousands of
 * rules keeps one lens each, so each is one small object rather than a lens, a range and a
 * position (the service keeps the lenses of every open file).
 */
class RuleLens implements CodeLens {
  constructor(
    private readonly line: number,
    readonly command: Command,
  ) {}

  get range(): Range {
    return lineRange(this.line);
  }

  toJSON(): CodeLens {
    return { range: this.range, command: this.command };
  }
}

/**
 * The file summary in the CLI's words (`rulelens check` counts the same buckets).
 * @example summaryTitle(report) // '6 requests: 6 passed, 0 failed'
 */
export function summaryTitle(report: FileReport): string {
  if (!report.requestsPath && !report.results.length) return 'no stored requests';
  return resultsLine(countResults(report.results));
}

/**
 * A stored request's lens: `deny — rule 3 ✓`, `allow — rule 4 ✗ expected deny`, `ask — default`.
 * @example requestTitle(result) // 'deny — rule 3 ✓'
 */
export function requestTitle(r: RequestResult, rs?: RuleSet | null): string {
  if (!r.verdict) return `not run — ${r.error ?? 'invalid request'}`;
  const v = r.verdict;
  const rule = v.rule ? rs?.rules.find((x) => x.index === v.rule!.index) : undefined;
  const layer = rule && !inFile(rule) && rs ? ` (${ruleSource(rs, rule).layer})` : '';
  const who = v.hook ? `${v.hook.hooks.map((h) => h.command).join(', ')} first; without: ${v.hook.without}` : v.rule ? `rule ${ruleNumber(v.rule)}${layer}` : 'default';
  if (r.pass === true) return `${v.native} — ${who} ✓`;
  if (r.pass === false) return `${v.native} — ${who} ✗${r.request.expect?.decision ? ` expected ${r.request.expect.decision}` : ` ${r.mismatches.join('; ')}`}`;
  return `${v.native} — ${who}`;
}

/**
 * Lenses for a rule file (a summary on top, what changed against the git base when it did, one
 * per rule that decides a stored request) or a requests file (a summary on top, one per request:
 * its verdict, and how it flipped against the base), as `mode` shows them (`rulelens.codeLens`):
 * `all` folds the rules that decide none of the requests into the summary (`· 3 rules decide
 * none`), so a rule list is not doubled in height by lines that say nothing; `summary` keeps the
 * top lens and the vs-base lens; `off` shows none. Clicking a request lens shows its full trace.
 * `checking` (the comparison with the base is still running; `diff` is then an earlier version's,
 * or null) and a stale analysis say so in the titles they concern.
 * @example codeLensesFor(analysis, uriOf, null)[1].command?.title // 'decides B (deny), C (deny)'
 */
export function codeLensesFor(a: Analysis, uriOf: (p: string) => string, diff: BaseDiff | null = null, mode: LensMode = 'all', checking = false, deadline = new Deadline(CODE_LENS_MS)): CodeLens[] {
  const rep = a.report;
  if (mode === 'off' || !rep?.ruleSet) return [];
  const ruleUri = uriOf(rep.path);
  const summary: Command = { title: `${summaryTitle(rep)}${a.stale ? ` · ${EARLIER}` : ''}`, command: COMMANDS.evaluateRequest, arguments: [{ uri: ruleUri }] };
  const out: CodeLens[] = [{ range: lineRange(0), command: summary }];
  if (a.kind === 'requests') {
    const flips = requestFlips(diff);
    // Requests the rule file states itself (index < 0) sit in the rule file, not here.
    const stored = rep.results.filter((x) => x.request.index >= 0);
    for (let i = 0; i < stored.length; i++) {
      if (i > 0 && i % LENSES_PER_CHECK === 0 && deadline.expired) {
        summary.title += ` · ${lensesCutNote(stored.length - i, 'request')}`;
        break;
      }
      const r = stored[i];
      const flip = flips.get(r.request.name);
      const title = flip ? `${requestTitle(r, rep.ruleSet)} · ${flipSuffix(flip)}` : requestTitle(r, rep.ruleSet);
      out.push({ range: lineRange(r.request.range.start.line), command: { title, command: COMMANDS.showTrace, arguments: [{ uri: ruleUri, requestName: r.request.name }] } });
    }
    return mode === 'summary' ? out.filter((l, i) => i === 0 || l.command?.command === COMMANDS.showFlips) : out;
  }
  const vsBase = flipLens(diff, rep, ruleUri, checking);
  if (vsBase) out.push(vsBase);
  if (mode === 'summary') return out;
  // The file's own examples (Codex match / not_match) get their verdict where they are written.
  for (const r of rep.results.filter((x) => x.request.index <= -2)) {
    out.push({ range: lineRange(r.request.range.start.line), command: { title: requestTitle(r, rep.ruleSet), command: COMMANDS.showTrace, arguments: [{ uri: ruleUri, requestName: r.request.name }] } });
  }
  if (!rep.requestsPath) return out;
  const { none, left } = ruleLenses(rep.ruleSet.rules, decisionsOf(rep), ruleUri, out, deadline);
  if (none > 0) summary.title += ` · ${none} rule${none === 1 ? '' : 's'} decide${none === 1 ? 's' : ''} none`;
  if (left > 0) summary.title += ` · ${lensesCutNote(left, 'rule')}`;
  return out;
}

/**
 * A lens per rule that decides a stored request, appended to `out`; the number of rules that
 * decide none (they get no lens: the summary counts them), and of rules not reached once the
 * deadline passed. A loop of its own: it runs over
 * thousands of rules, and V8 then optimizes this small function rather than the whole lens
 * builder around it; the lens itself is made apart, for the few rules that have one, so the
 * loop stays small to compile however the lenses' titles are read.
 */
function ruleLenses(rules: readonly Rule[], decisions: ReturnType<typeof decisionsOf>, ruleUri: string, out: CodeLens[], deadline: Deadline): { none: number; left: number } {
  let none = 0;
  for (let i = 0; i < rules.length; i++) {
    if (i > 0 && i % LENSES_PER_CHECK === 0 && deadline.expired) return { none, left: inFileFrom(rules, i) };
    const rule = rules[i];
    // A built-in layer's rule has no line in the file to carry a lens.
    if (rule.layer !== undefined) continue;
    // Dialects may number rules past the parsed list (a dropped entry keeps its slot): no entry, no decisions.
    const decides = decisions[rule.index]?.decides;
    if (decides === undefined || decides.length === 0) none++;
    else out.push(ruleLens(rule, decides, ruleUri));
  }
  return { none, left: 0 };
}

/** How many rules from `i` on are the file's own (a built-in layer's have no line for a lens). */
function inFileFrom(rules: readonly Rule[], i: number): number {
  let n = 0;
  for (let k = i; k < rules.length; k++) if (rules[k].layer === undefined) n++;
  return n;
}

/** `decides B (deny), C (deny) +2 more` on the rule's first line. */
function ruleLens(rule: Rule, decides: readonly Decided[], ruleUri: string): RuleLens {
  let title = 'decides ';
  const shown = Math.min(decides.length, NAMES_SHOWN);
  for (let k = 0; k < shown; k++) title += `${k > 0 ? ', ' : ''}${shortName(decides[k].request)} (${decides[k].decision})`;
  if (decides.length > NAMES_SHOWN) title += ` +${decides.length - NAMES_SHOWN} more`;
  return new RuleLens(rule.startLine ?? rule.range.start.line, { title, command: COMMANDS.showTrace, arguments: [{ uri: ruleUri, requestName: decides[0].request }] });
}
