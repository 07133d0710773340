import * as path from 'path';
import type { AnyDialect, FileInfo, LintContext, PolicyHost } from '../dialects/dialect';
import { detectDialect, dialectById } from '../dialects';
import { analysisSteps } from '../analysis';
import { atOnce, finish, type Steps } from '../analysis/steps';
import { headline, oneRootCause } from '../analysis/report';
import { applyLevels, CONFIG_FILE, EMPTY_CONFIG, type LintConfig } from '../config/lint-config';
import { readDirectives, suppress, type CommentStyle, type FindingPlace, type SuppressContext, type SuppressedFinding } from '../config/suppress';
import { FILE_START, finding, inFile, type EvalContext, type Finding, type RuleSet } from '../model';
import { findRequestsFile, ruleCandidates } from '../requests/locate';
import { parseRequestsFile } from '../requests/parse';
import { resultFindings, runRequest, runRequestSteps } from '../requests/run';
import type { RequestResult, RequestsFile } from '../requests/model';
import type { ReadResult } from '../host/read-file';

/** What a host (CLI, language server, tests) lends the checker: file reads and existence checks. */
export interface CheckHost {
  readFile(p: string): string | undefined;
  exists(p: string): boolean;
  /**
   * A read that says why it failed (too large, not a regular file, not UTF-8, …). When a host lends
   * it, a file that cannot be read is an `unreadable-file` error rather than an empty file.
   */
  readChecked?(p: string): ReadResult;
  /** Lists a folder (for the files of a policy: sibling `.rules` files, skills…); see `PolicyHost.list`. */
  list?: PolicyHost['list'];
}

/** The finding code for a rule or requests file that could not be read as UTF-8 text. */
export const UNREADABLE_FILE = 'unreadable-file';

export interface CheckOptions {
  ctx?: EvalContext;
  config?: LintConfig;
  /** Force a dialect instead of detecting it. */
  dialect?: string;
  /** Overrides for texts of open documents (path → text), so unsaved edits are what is checked. */
  overlay?: Map<string, string>;
  /** Findings about this file made across files (`agents-disagree`): levels and suppressions apply to them as to its own. */
  extraFindings?: Finding[];
  /** Parses a requests file; a host that re-checks on every keystroke passes a memoized one. */
  parseRequests?: typeof parseRequestsFile;
  /**
   * False leaves the lints out of `diagnostics` (the parse's own findings only), for a host that
   * runs them afterwards as steps (`lintSteps`), so a check never waits for the analysis.
   */
  lints?: boolean;
}

/** Everything RuleLens knows about one rule file and its stored requests. */
export interface FileReport {
  path: string;
  dialect: AnyDialect | null;
  ruleSet: RuleSet | null;
  /** Findings on the rule file (schema + lints), levels applied. */
  diagnostics: Finding[];
  requestsPath: string | null;
  requestsFile: RequestsFile | null;
  /** Findings on the requests file (schema, request-invalid, request-failed). */
  requestDiagnostics: Finding[];
  results: RequestResult[];
  /** Rule-file findings a `rulelens-disable…` comment or a `.rulelens.json` entry hid. */
  suppressed?: SuppressedFinding[];
  /** The same for the requests file. */
  requestSuppressed?: SuppressedFinding[];
}

/** The text of `p`, or the finding that says why it cannot be had (never both). */
function readOrFinding(host: CheckHost, opts: CheckOptions, p: string): { text: string } | { problem: Finding } {
  const open = opts.overlay?.get(p);
  if (open !== undefined) return { text: open };
  if (!host.readChecked) return { text: host.readFile(p) ?? '' };
  const r = host.readChecked(p);
  if (r.ok) return { text: r.text };
  const at = r.at ? { line: r.at.line, character: r.at.character } : FILE_START.start;
  return { problem: finding(UNREADABLE_FILE, 'error', `${path.basename(p)} ${r.reason}`, { start: at, end: at }, { data: { problem: r.problem } }) };
}

function exists(host: CheckHost, opts: CheckOptions, p: string): boolean {
  return opts.overlay?.has(p) === true || host.exists(p);
}

/**
 * Parses a rule file with the given or detected dialect; null dialect when none claims it.
 * @example loadRuleSet({ path: 'opencode.json', text }, {}).ruleSet?.rules.length
 */
export function loadRuleSet(file: FileInfo, opts: CheckOptions = {}, host?: CheckHost): { dialect: AnyDialect | null; ruleSet: RuleSet | null } {
  const dialect = (opts.dialect ? dialectById(opts.dialect) : detectDialect(file)) ?? null;
  if (!dialect) return { dialect: null, ruleSet: null };
  const ctx = opts.ctx ?? {};
  // The agent decides with every file of the policy (settings layers, the folder's other rules
  // files, merged configs); the dialect finds them, the host reads them (open buffers first).
  if (dialect.policy && host && ctx.policy !== false) {
    const ph = policyHost(host, opts);
    return { dialect, ruleSet: dialect.policy.parse(file, dialect.policy.members(file, ph, ctx), ctx) };
  }
  return { dialect, ruleSet: dialect.parse(file, ctx) };
}

/**
 * What a dialect may read to find a file's policy: the host's files with open buffers first, and
 * its folder listings with the names of open buffers added.
 * @example policyHost(host, opts).readFile('/p/.claude/settings.local.json')
 */
export function policyHost(host: CheckHost, opts: CheckOptions = {}): PolicyHost {
  return {
    readFile: (p) => {
      const open = opts.overlay?.get(p);
      if (open !== undefined) return open;
      if (!host.readChecked) return host.readFile(p);
      const r = host.readChecked(p);
      return r.ok ? r.text : undefined;
    },
    list: (dir) => {
      const listed = host.list?.(dir);
      const extra = [...(opts.overlay?.keys() ?? [])].filter((p) => path.posix.dirname(p.replace(/\\/g, '/')) === dir && !listed?.some((e) => path.posix.join(dir, e.name) === p));
      if (!listed && !extra.length) return undefined;
      return [...(listed ?? []), ...extra.map((p) => ({ name: path.posix.basename(p), kind: 'file' as const }))].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    },
  };
}

/** The lints of a parsed rule set: the dialect's own plus the analyser's. Never throws. */
export function lintRuleSet(dialect: AnyDialect, rs: RuleSet, ctx: LintContext = {}): Finding[] {
  return finish(lintSteps(dialect, rs, ctx));
}

/**
 * `lintRuleSet` as steps (see `Steps`): the dialect's lints and the analysis, each in its own
 * steps when it has them, so the editor lints between keystrokes. The findings are the same.
 * @example finish(lintSteps(dialect, rs, { clock })).map((f) => f.code) // ['dead-rule', …]
 */
export function* lintSteps(dialect: AnyDialect, rs: RuleSet, ctx: LintContext = {}): Steps<Finding[]> {
  const own = yield* guarded('lints', () => (dialect.lintSteps ? dialect.lintSteps(rs, ctx) : atOnce(() => dialect.lint?.(rs, ctx) ?? [])));
  const analysed = yield* guarded('analysis', () => analysisSteps(dialect, rs, ctx));
  const merged = oneRootCause([...own, ...analysed]);
  yield;
  const out: Finding[] = [];
  for (let i = 0; i < merged.length; i++) {
    out.push(headline(merged[i]));
    if (i % HEADLINE_CHUNK === HEADLINE_CHUNK - 1) yield;
  }
  return out;
}

/** Findings given their headline between pauses of `lintSteps` (a 5,000-rule file can have thousands). */
const HEADLINE_CHUNK = 256;

/** A lint pass that breaks on odd input costs its own findings, not the file's other diagnostics. */
function* guarded(what: string, start: () => Steps<Finding[]>): Steps<Finding[]> {
  try {
    return yield* start();
  } catch (e) {
    return [finding('schema', 'information', `${what} could not finish: ${e instanceof Error ? e.message : String(e)}`, FILE_START)];
  }
}

/**
 * Checks one rule file: parse, lint, run its stored requests.
 * @example checkRuleFile('/p/opencode.json', host).results.every((r) => r.pass !== false)
 */
export function checkRuleFile(rulePath: string, host: CheckHost, opts: CheckOptions = {}): FileReport {
  return finish(requestSteps(parseRuleFile(rulePath, host, opts), host, opts));
}

/**
 * The first half of `checkRuleFile`: the rule file read, parsed and (unless `opts.lints` is false)
 * linted, with no stored request run yet (`requestSteps` runs them).
 * @example parseRuleFile('/p/opencode.json', host, { lints: false }).diagnostics // the schema findings
 */
export function parseRuleFile(rulePath: string, host: CheckHost, opts: CheckOptions = {}): FileReport {
  const got = readOrFinding(host, opts, rulePath);
  if ('problem' in got) {
    // Nothing was parsed, so nothing else is claimed: the dialect is the one the name implies.
    const dialect = (opts.dialect ? dialectById(opts.dialect) : detectDialect({ path: rulePath, text: '' })) ?? null;
    return { path: rulePath, dialect, ruleSet: null, diagnostics: [got.problem], requestsPath: null, requestsFile: null, requestDiagnostics: [], results: [] };
  }
  const { dialect, ruleSet } = loadRuleSet({ path: rulePath, text: got.text }, opts, host);
  const config = opts.config ?? EMPTY_CONFIG;
  const report: FileReport = { path: rulePath, dialect, ruleSet, diagnostics: [], requestsPath: null, requestsFile: null, requestDiagnostics: [], results: [] };
  if (!dialect || !ruleSet) return report;
  // Without the lints, a suppression cannot be judged used or unused: the host that runs them applies it (`shownRuleFindings`).
  if (opts.lints === false) {
    report.diagnostics = applyLevels(ruleSet.findings.map(headline), config);
    return report;
  }
  const shown = shownRuleFindings(report, [...ruleSet.findings.map(headline), ...lintRuleSet(dialect, ruleSet, opts.ctx ?? {}), ...(opts.extraFindings ?? [])], config, got.text);
  report.diagnostics = shown.kept;
  if (shown.suppressed.length) report.suppressed = shown.suppressed;
  return report;
}

/**
 * Findings of a parsed rule file as shown: levels applied, less those its comments or the config
 * suppress (the server's lints, which finish after the parse, go through here too).
 * @example shownRuleFindings(report, lints, config).kept
 */
export function shownRuleFindings(report: FileReport, findings: Finding[], config: LintConfig, text = report.ruleSet?.source.text ?? ''): { kept: Finding[]; suppressed: SuppressedFinding[] } {
  const rs = report.ruleSet;
  if (!rs || !report.dialect) return { kept: applyLevels(findings, config), suppressed: [] };
  return suppressIn(report.path, text, report.dialect.comments?.(report.path), applyLevels(findings, config), config, (f) => rulePlace(rs, f));
}

/**
 * The second half of `checkRuleFile` as steps (see `Steps`): the file's own requests, then its
 * requests file's, a request at a time.
 * @example finish(requestSteps(parseRuleFile(p, host), host)).results.length
 */
export function* requestSteps(parsed: FileReport, host: CheckHost, opts: CheckOptions = {}): Steps<FileReport> {
  if (!parsed.dialect || !parsed.ruleSet) return parsed;
  const requestsPath = findRequestsFile(parsed.path, (p) => exists(host, opts, p));
  const withOwn = withEmbedded(parsed, opts);
  if (!requestsPath) return withOwn;
  const requests = readOrFinding(host, opts, requestsPath);
  if ('problem' in requests) return { ...withOwn, requestsPath, requestDiagnostics: [requests.problem] };
  const full = yield* withRequestSteps(parsed, requestsPath, requests.text, opts);
  return { ...full, results: [...withOwn.results, ...full.results] };
}

/** The request a rule file carries itself, evaluated and listed first (it has no expectation). */
function withEmbedded(report: FileReport, opts: CheckOptions): FileReport {
  const own = report.ruleSet?.embedded;
  if (!report.dialect || !report.ruleSet) return report;
  const results = [];
  if (own) {
    const stored = { index: -1, name: 'the file\'s own command', origin: null, note: null, expect: null, request: own.request, raw: own.request, range: own.range, nameRange: own.range, findings: [] };
    results.push(runRequest(report.dialect, report.ruleSet, stored, opts.ctx ?? {}));
  }
  for (const [i, r] of (report.ruleSet.ownRequests ?? []).entries()) {
    const stored = { index: -2 - i, name: r.name, origin: 'rule file', note: null, expect: { ...r.expect, range: r.range }, request: r.request, raw: r.request, range: r.range, nameRange: r.range, findings: [] };
    results.push(runRequest(report.dialect, report.ruleSet, stored, opts.ctx ?? {}));
  }
  return results.length ? { ...report, results } : report;
}

/** Adds a requests file's parse and run results to a report. */
export function withRequests(report: FileReport, requestsPath: string, text: string, opts: CheckOptions = {}): FileReport {
  return finish(withRequestSteps(report, requestsPath, text, opts));
}

/** `withRequests` as steps: a stored request at a time. */
export function* withRequestSteps(report: FileReport, requestsPath: string, text: string, opts: CheckOptions = {}): Steps<FileReport> {
  if (!report.dialect || !report.ruleSet) return report;
  const file = (opts.parseRequests ?? parseRequestsFile)(requestsPath, text, report.dialect);
  // A half-typed rule file would make every request look failed: hold them until it parses.
  const broken = report.ruleSet.findings.some((f) => f.data?.syntax === true);
  const results = broken
    ? file.requests.map((request) => ({ request, verdict: null, pass: null, mismatches: [], error: 'not run: the rule file has JSON syntax errors' }))
    : yield* runRequestSteps(report.dialect, report.ruleSet, file, opts.ctx ?? {});
  const config = opts.config ?? EMPTY_CONFIG;
  // Requests files are RuleLens's own JSONC: their suppressions are `//` comments.
  const shown = suppressIn(requestsPath, text, '//', applyLevels([...file.findings, ...resultFindings(results)], config), config, (f) => requestPlace(file, f));
  return {
    ...report,
    requestsPath,
    requestsFile: file,
    results,
    requestDiagnostics: shown.kept,
    ...(shown.suppressed.length ? { requestSuppressed: shown.suppressed } : { requestSuppressed: undefined }),
  };
}

/** Findings of one file less the ones its comments (written `style`) or the config suppress. */
function suppressIn(file: string, text: string, style: CommentStyle | undefined, findings: Finding[], config: LintConfig, place: SuppressContext['place']): { kept: Finding[]; suppressed: SuppressedFinding[] } {
  const directives = style ? readDirectives(text, style) : [];
  const entries = config.suppress ?? [];
  if (!directives.length && !entries.length) return { kept: findings, suppressed: [] };
  const configFile = config.file ?? path.join(config.base, CONFIG_FILE);
  return suppress(findings, { path: file, directives, config: entries.length ? { entries, base: config.base, file: configFile } : undefined, place });
}

/** The rule a finding is about (`data.rule`, else the innermost rule of the file under its start). */
export function rulePlace(rs: RuleSet, f: Finding): FindingPlace {
  const i = f.data?.rule;
  const p = f.range.start;
  const within = (r: RuleSet['rules'][number]) => r.range.start.line <= p.line && r.range.end.line >= p.line && (r.range.start.line < p.line || r.range.start.character <= p.character);
  const rule = typeof i === 'number' ? rs.rules[i] : rs.rules.filter((r) => inFile(r) && within(r)).pop();
  return rule && inFile(rule) ? { rule: { label: rule.label, line: rule.startLine ?? rule.range.start.line } } : {};
}

/** The stored request a requests-file finding is in. */
function requestPlace(file: RequestsFile, f: Finding): FindingPlace {
  const p = f.range.start;
  const r = file.requests.find((x) => (x.range.start.line < p.line || (x.range.start.line === p.line && x.range.start.character <= p.character)) && (x.range.end.line > p.line || (x.range.end.line === p.line && x.range.end.character >= p.character)));
  return r ? { request: r.name } : {};
}

/**
 * The rule file a requests file belongs to: its `"rules"` field, else the sibling with the same stem.
 * @example ruleFileFor('/p/opencode.requests.json', text, host) // '/p/opencode.json'
 */
export function ruleFileFor(requestsPath: string, text: string, host: CheckHost, opts: CheckOptions = {}): string | undefined {
  const parsed = (opts.parseRequests ?? parseRequestsFile)(requestsPath, text, undefined);
  if (parsed.rulesRef) return parsed.rulesRef;
  return ruleCandidates(requestsPath).find((p) => exists(host, opts, p));
}
