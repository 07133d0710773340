import { parseRuleFile, requestSteps, ruleFileFor, withRequestSteps, type CheckHost, type CheckOptions, type FileReport } from '../../shared/check/check-file';
import { finish, type Steps } from '../../shared/analysis/steps';
import { EMPTY_CONFIG, isExcluded, type LintConfig } from '../../shared/config/lint-config';
import { detectDialect, isRequestsFile, type AnyDialect } from '../../shared/dialects';
import { requestsCandidates } from '../../shared/requests/locate';
import { projectFolder } from '../../shared/check/agents-disagree';
import { isAgentPolicyPath } from '../../shared/check/project-agents';
import { parseRequestsFile } from '../../shared/requests/parse';
import type { RequestsFile } from '../../shared/requests/model';
import * as path from 'path';
import type { ServiceHost } from './host';
import { pathToUri, uriToPath } from './uri';

/** What a document is to RuleLens, and the report of the rule file/requests file pair it is part of. */
export interface Analysis {
  kind: 'rules' | 'requests' | 'none';
  path: string;
  rulePath: string | null;
  requestsPath: string | null;
  report: FileReport | null;
  /**
   * The report is the last finished one, of texts that have changed since (`finishedAnalysis`):
   * answers from it say so, and edits are not computed from it.
   */
  stale?: boolean;
  /**
   * With `stale`: this document's text as the report read it. Positions of the current text are
   * mapped into it (and the report's ranges back) through the text the edits left alone.
   */
  earlierText?: string;
}

interface Open {
  uri: string;
  text: string;
  version: number;
}

/**
 * One version of a rule file/requests file pair: parsed at once, its stored requests run as steps
 * (`Entry.report` once they have). Lints are not part of it: the service runs them apart.
 */
export interface Entry {
  readonly ruleText: string;
  readonly requestsPath: string | null;
  readonly requestsText: string | undefined;
  readonly configKey: string;
  /** The texts of the policy's other files the parse was made with (undefined: absent). */
  readonly members: Array<[string, string | undefined]>;
  /** The parse and its schema findings; no request run yet. */
  readonly parsed: FileReport;
  /** The parse with its stored requests run: set when `completeSteps` has finished. */
  report?: FileReport;
}

const MISSING = Symbol('missing');

/**
 * A report made before its dialect's parser was loaded says nothing it cannot stand by: no
 * findings, and each stored request "not run" rather than the fail-closed verdict it got.
 * @example notReady(report).results[0].error // 'not run yet: Claude Code is loading its parser'
 */
export function notReady(report: FileReport): FileReport {
  const error = `not run yet: ${report.dialect?.title ?? 'the dialect'} is loading its parser`;
  return {
    ...report,
    ruleSet: null,
    diagnostics: [],
    requestDiagnostics: [],
    results: report.results.map((r) => ({ request: r.request, verdict: null, pass: null, mismatches: [], error })),
  };
}

/** Parsed requests files kept at once: editing a rule file re-runs its requests without re-reading them. */
const MAX_PARSED_REQUESTS = 16;

/**
 * Open documents over the disk, and the last report of each rule file. A report is reused while
 * the rule text, its requests text and its settings are unchanged, so hovers, lenses and actions
 * asked right after a validation cost nothing.
 */
export class Workspace {
  private readonly open = new Map<string, Open>();
  private readonly disk = new Map<string, string | typeof MISSING>();
  private readonly reports = new Map<string, Entry>();
  /** Per rule file: the last entry whose stored requests ran (what answers use while a newer one runs). */
  private readonly latest = new Map<string, Entry>();
  readonly overlay = new Map<string, string>();
  readonly checkHost: CheckHost;
  private readonly parsedRequests = new Map<string, { text: string; file: RequestsFile }>();

  /**
   * Whether a dialect's one-time setup has run (the language service sets it). A report in a dialect
   * that is not ready is never kept nor shown as a result: see `notReady`.
   */
  isReady: (d: AnyDialect) => boolean = () => true;

  constructor(readonly host: ServiceHost) {
    this.checkHost = { readFile: (p) => this.readDisk(p), exists: (p) => this.readDisk(p) !== undefined || host.exists(p), list: (d) => this.listDisk(d) };
  }

  setDocument(uri: string, text: string, version = 0): void {
    const p = uriToPath(uri);
    this.open.set(p, { uri, text, version });
    this.overlay.set(p, text);
  }

  closeDocument(uri: string): void {
    const p = uriToPath(uri);
    this.open.delete(p);
    this.overlay.delete(p);
  }

  /** Forget what was read from disk for a path (a watched file changed), and its folder's listing. */
  fileChanged(uri: string): void {
    const p = uriToPath(uri);
    this.disk.delete(p);
    this.listings.delete(path.dirname(p));
  }

  /**
   * Drops what is kept of a file that is not open (its text read from disk, its parsed requests,
   * its reports): a background check of every rule file keeps memory flat.
   */
  release(p: string): void {
    if (this.open.has(p)) return;
    this.disk.delete(p);
    for (const key of this.parsedRequests.keys()) if (key.startsWith(`${p}\u0000`)) this.parsedRequests.delete(key);
    for (const key of this.reports.keys()) if (key.startsWith(`${p}\u0000`) || key.endsWith(`\u0000${p}`)) this.reports.delete(key);
  }

  /** Forget every analysis (engine settings changed: the same texts now check differently). */
  forgetReports(): void {
    this.reports.clear();
  }

  version(uri: string): number | undefined {
    return this.open.get(uriToPath(uri))?.version;
  }

  isOpen(p: string): boolean {
    return this.open.has(p);
  }

  openPaths(): string[] {
    return [...this.open.keys()];
  }

  /** The URI the client knows a path by (its own spelling for open documents). */
  uriOf(p: string): string {
    return this.open.get(p)?.uri ?? pathToUri(p);
  }

  text(p: string): string | undefined {
    return this.overlay.get(p) ?? this.readDisk(p);
  }

  exists(p: string): boolean {
    return this.overlay.has(p) || this.checkHost.exists(p);
  }

  configFor(p: string): LintConfig {
    return this.host.configFor?.(p) ?? EMPTY_CONFIG;
  }

  private readonly listings = new Map<string, ReturnType<NonNullable<ServiceHost['list']>>>();

  /** A folder's listing, kept until a watched file in it changes. */
  private listDisk(dir: string): ReturnType<NonNullable<ServiceHost['list']>> {
    if (this.listings.has(dir)) return this.listings.get(dir);
    const got = this.host.list?.(dir);
    this.listings.set(dir, got);
    return got;
  }

  private readDisk(p: string): string | undefined {
    const hit = this.disk.get(p);
    if (hit !== undefined) return hit === MISSING ? undefined : hit;
    const text = this.host.readFile(p);
    this.disk.set(p, text ?? MISSING);
    return text;
  }

  private options(p: string): CheckOptions {
    return { overlay: this.overlay, ctx: this.host.ctx, config: this.configFor(p), parseRequests: this.parseRequests, lints: false };
  }

  /** `parseRequestsFile`, remembered per path while the text and dialect stay the same (parses are never mutated). */
  private readonly parseRequests: typeof parseRequestsFile = (p, text, dialect) => {
    // Kept per dialect too: finding a requests file's rule file reads it with none, every check of
    // its rules with theirs, and both happen on every keystroke.
    const key = `${p}\u0000${dialect?.id ?? ''}`;
    const hit = this.parsedRequests.get(key);
    if (hit && hit.text === text) return hit.file;
    const file = parseRequestsFile(p, text, dialect);
    if (this.parsedRequests.size >= MAX_PARSED_REQUESTS && !this.parsedRequests.has(key)) this.parsedRequests.delete(this.parsedRequests.keys().next().value!);
    this.parsedRequests.set(key, { text, file });
    return file;
  };

  /**
   * Classifies a document and checks its pair (parse and stored requests; lints are the service's).
   * Never throws: an engine failure makes the document a non-rule file for this run rather than
   * taking the server down.
   * @example ws.analyze('file:///ws/opencode.requests.json').report?.results.length
   */
  analyze(uri: string): Analysis {
    return this.classify(uri, (entry) => this.complete(entry));
  }

  /**
   * Like `analyze`, without running anything that is not done yet: the document's current parse
   * when its stored requests have run, else the last finished report of its rule file (`stale`),
   * else (nothing finished yet) the current check, run now. What hovers and lenses answer from.
   * @example ws.finishedAnalysis(uri).stale // true while the edit's requests still run
   */
  finishedAnalysis(uri: string): Analysis {
    let earlier: Entry | undefined;
    const a = this.classify(uri, (entry, rulePath) => {
      if (entry.report) return entry.report;
      const last = this.latest.get(rulePath);
      if (!last?.report) return this.complete(entry);
      earlier = last;
      return last.report;
    });
    if (!earlier || !a.report) return a;
    const earlierText = a.path === a.rulePath ? earlier.ruleText : a.path === earlier.requestsPath ? earlier.requestsText : undefined;
    return { ...a, stale: true, ...(earlierText !== undefined ? { earlierText } : {}) };
  }

  /**
   * The document's current entry (parsing its rule file now if no entry has these texts), with
   * what is known of it: what the server's staged check starts from.
   * @example const { entry } = ws.current(uri)!; finish(ws.completeSteps(entry))
   */
  current(uri: string): { analysis: Analysis; entry: Entry; rulePath: string } | undefined {
    let found: { entry: Entry; rulePath: string } | undefined;
    const analysis = this.classify(uri, (entry, rulePath) => {
      found = { entry, rulePath };
      return entry.report ?? entry.parsed;
    });
    return found && analysis.kind !== 'none' ? { analysis, entry: found.entry, rulePath: found.rulePath } : undefined;
  }

  /**
   * The stored requests of an entry, run as steps; the entry keeps the report, and it becomes its
   * rule file's latest finished one.
   * @example finish(ws.completeSteps(entry)).results.length
   */
  *completeSteps(entry: Entry): Steps<FileReport> {
    if (entry.report) return entry.report;
    const p = entry.parsed.path;
    let report: FileReport;
    try {
      const opts = this.options(p);
      report = yield* requestSteps(entry.parsed, this.checkHost, opts);
      if (entry.requestsPath && report.requestsPath !== entry.requestsPath) report = yield* withRequestSteps(report, entry.requestsPath, entry.requestsText ?? '', opts);
    } catch {
      report = { ...entry.parsed, requestsPath: null, requestsFile: null, requestDiagnostics: [], results: [] };
    }
    entry.report = report;
    this.latest.set(p, entry);
    return report;
  }

  private complete(entry: Entry): FileReport {
    return finish(this.completeSteps(entry));
  }

  /** `analyze`'s classification, with `reportOf` deciding which report of the pair's entry to show. */
  private classify(uri: string, reportOf: (entry: Entry, rulePath: string) => FileReport): Analysis {
    const p = uriToPath(uri);
    const none: Analysis = { kind: 'none', path: p, rulePath: null, requestsPath: null, report: null };
    if (isExcluded(this.configFor(p), p)) return none;
    if (isRequestsFile(p)) {
      const text = this.text(p) ?? '';
      const rulePath = ruleFileFor(p, text, this.checkHost, this.options(p)) ?? null;
      const report = rulePath && this.exists(rulePath) ? reportOf(this.entryFor(rulePath, p), rulePath) : null;
      return { kind: 'requests', path: p, rulePath, requestsPath: p, report: report?.dialect ? report : null };
    }
    const entry = this.entryFor(p, undefined);
    const report = reportOf(entry, p);
    if (!report.dialect) return none;
    return { kind: 'rules', path: p, rulePath: p, requestsPath: report.requestsPath ?? entry.requestsPath, report };
  }

  /**
   * The dialect a document's checks run in (a requests file: its rule file's), without parsing the
   * rules: what must be initialized before the document is analysed.
   * @example ws.dialectOf('/ws/.claude/settings.json')?.id // 'claude'
   */
  dialectOf(p: string): AnyDialect | undefined {
    try {
      const rulePath = isRequestsFile(p) ? ruleFileFor(p, this.text(p) ?? '', this.checkHost, this.options(p)) : p;
      const text = rulePath ? this.text(rulePath) : undefined;
      return rulePath && text !== undefined ? detectDialect({ path: rulePath, text }) : undefined;
    } catch {
      return undefined;
    }
  }

  /** The sibling requests file a rule file would use, whether or not it exists yet. */
  requestsPathFor(rulePath: string): string {
    const candidates = requestsCandidates(rulePath);
    return candidates.find((c) => this.exists(c)) ?? candidates[0];
  }

  /** The entry of the pair's current texts, parsed now if there is none (reused while they are unchanged). */
  private entryFor(rulePath: string, requestsPath: string | undefined): Entry {
    const ruleText = this.text(rulePath) ?? '';
    const reqPath = requestsPath ?? requestsCandidates(rulePath).find((c) => this.exists(c)) ?? null;
    const requestsText = reqPath ? this.text(reqPath) : undefined;
    const config = this.configFor(rulePath);
    const configKey = config === EMPTY_CONFIG ? '' : JSON.stringify(config);
    const key = `${rulePath}\u0000${reqPath ?? ''}`;
    const hit = this.reports.get(key);
    if (hit && hit.ruleText === ruleText && hit.requestsText === requestsText && hit.configKey === configKey && hit.members.every(([m, t]) => this.text(m) === t)) return hit;
    let parsed: FileReport;
    try {
      parsed = parseRuleFile(rulePath, this.checkHost, this.options(rulePath));
    } catch {
      parsed = { path: rulePath, dialect: null, ruleSet: null, diagnostics: [], requestsPath: null, requestsFile: null, requestDiagnostics: [], results: [] };
    }
    const members = (parsed.ruleSet?.members ?? []).filter((x) => x.path !== rulePath).map((x): [string, string | undefined] => [x.path, this.text(x.path)]);
    const entry: Entry = { ruleText, requestsPath: reqPath, requestsText, configKey, members, parsed };
    // A dialect still loading its parser: its requests read "not run yet", and nothing is kept (see `notReady`).
    if (parsed.dialect && !this.isReady(parsed.dialect)) {
      let run = parsed;
      try {
        run = finish(requestSteps(parsed, this.checkHost, this.options(rulePath)));
      } catch {
        // Nothing more to show than the parse.
      }
      const none = notReady(run);
      return { ...entry, parsed: none, report: none };
    }
    // Nothing to run for a file no dialect claims: its entry is complete as parsed.
    if (!parsed.dialect || !parsed.ruleSet) entry.report = parsed;
    this.reports.set(key, entry);
    return entry;
  }

  /**
   * Open documents whose report depends on a path: the path itself, its requests file, its
   * rule file (found by name or by a requests file's `"rules"`), and every file whose policy holds
   * it (a sibling settings layer, another `.rules` file of the folder, a merged config).
   */
  dependents(uri: string): string[] {
    const p = uriToPath(uri);
    const out = new Set<string>();
    for (const o of this.open.keys()) {
      if (o === p) {
        out.add(o);
        continue;
      }
      // The pair and the policy are known from the parse: nothing is run to find them.
      const a = this.classify(this.uriOf(o), (entry) => entry.report ?? entry.parsed);
      if (a.rulePath === p || a.requestsPath === p || a.report?.ruleSet?.members?.some((m) => m.path === p)) out.add(o);
      // Another agent's policy of the same project: what agents-disagree says of this file can change.
      else if (a.kind === 'rules' && a.report?.dialect?.neutralRequest && isAgentPolicyPath(p) && projectFolder(p) === projectFolder(o)) out.add(o);
    }
    return [...out].map((o) => this.uriOf(o));
  }
}
