import type { CodeAction, CodeActionContext, CodeLens, CompletionList, Diagnostic, DocumentSymbol, Hover, Position, Range } from 'vscode-languageserver';
import { shownRuleFindings, type FileReport } from '../../shared/check/check-file';
import { projectFolder } from '../../shared/check/agents-disagree';
import { projectPolicyFiles } from '../../shared/check/project-agents';
import { UNUSED_SUPPRESSION } from '../../shared/config/suppress';
import { headline } from '../../shared/analysis/report';
import type { Finding } from '../../shared/model';
import type { WorkClock } from '../../shared/analysis/budget';
import { finish, type Steps } from '../../shared/analysis/steps';
import { applyLevels } from '../../shared/config/lint-config';
import { countResults, resultsLine } from '../../shared/requests/summary';
import type { EvaluateParams, EvaluateResult, ListRequestsResult, StatusParams } from '../../shared/protocol';
import { AgentsAcross } from './agents';
import { BaseDiffs, type BaseDiff } from './base-diff';
import { codeActionsFor } from './code-actions';
import type { LensMode } from './lens-mode';
import { codeLensesFor } from './code-lens';
import { completionAt } from './completion';
import { toDiagnostic } from './diagnostics';
import { evaluateRequest, listRequestsFor } from './evaluate';
import { flipFindings } from './flips';
import { hoverAt } from './hover';
import { ALL_FEATURES, type ServiceHost } from './host';
import { LineMap } from './edit-map';
import { Lints } from './lints';
import { symbolsFor } from './symbols';
import { uriToPath } from './uri';
import { Workspace, type Analysis } from './workspace';
import type { AnyDialect } from '../../shared/dialects';

/** Diagnostics for one document, as a validation publishes them. */
export interface PublishTarget {
  uri: string;
  diagnostics: Diagnostic[];
}

/** Everything a run of one rule file/requests file pair produces for the client. */
export interface Validation {
  publish: PublishTarget[];
  status: StatusParams;
}

/** The stages of the server's check of one version, in the order they finish. */
export type Stage = 'parse' | 'requests' | 'lints' | 'impact';

/** What one stage of a staged check gives the client when it finishes. */
export interface StageResult {
  stage: Stage;
  /** Every document whose diagnostics the stage changed, each with its whole set. */
  publish: PublishTarget[];
  /** The stored requests' standing, once they have run. */
  status?: StatusParams;
  /** The lenses changed: the client should ask for them again. */
  lenses?: boolean;
}

/**
 * One version of a document's rule file checked in stages (see `LanguageService.check`): the parse
 * is done when this is made; `stages` runs the rest in steps and yields each stage's result as it
 * finishes (a bare `yield` between steps is a point where the caller may pause or drop it).
 */
export interface StagedCheck {
  /** The rule file checked. */
  rulePath: string;
  /** Every file whose text the check read: a change to any of them supersedes it. */
  paths: string[];
  stages: Generator<StageResult | void, void, void>;
  /** What the stages ran last (`parse`, `requests`, `lints`, `impact`): named in reports of long steps. */
  readonly step: { stage: Stage };
}

/** Findings made diagnostics between pauses of a stage (each is a few objects; a large file has thousands). */
const DIAGNOSTICS_CHUNK = 256;

/** Work (CPU time counted inside its slices) the change-impact search may take per version in the editor. */
export const IMPACT_BUDGET_MS = 1000;

/** The RuleLens language features over plain inputs, with no connection behind them. */
export interface LanguageService {
  setDocument(uri: string, text: string, version?: number): void;
  closeDocument(uri: string): void;
  /** A file changed on disk: forget what was read of it. */
  fileChanged(uri: string): void;
  /** The version of an open document, for dropping results of stale runs. */
  version(uri: string): number | undefined;
  analyze(uri: string): Analysis;
  /**
   * Initializes the dialects this document and the other open ones are checked in (Claude Code's
   * shell parser is WebAssembly, loaded only once a file of a dialect that parses commands is
   * met). Await it before any question about the document: until its dialect is ready, its
   * analysis has no findings and its stored requests read "not run", never a verdict.
   */
  ready(uri: string): Promise<void>;
  /** Forget every result (engine settings changed: the same texts now check differently). */
  forgetResults(): void;
  doValidation(uri: string): Diagnostic[];
  /** Diagnostics for the document and its partner (a rule file's requests file, or the reverse), everything run to its end. */
  validate(uri: string): Validation;
  /**
   * The check the server runs for a document's current texts, in stages (see `StagedCheck`); the
   * analysis and the change impact count their budgets on `clock`. Undefined for a document that
   * is no rule or requests file.
   */
  check(uri: string, clock?: WorkClock): StagedCheck | undefined;
  /** The standing of a document's last finished stored-request run, with `checking` set. */
  checkingStatus(uri: string): StatusParams;
  /** Open documents whose results depend on this one (including itself). */
  dependents(uri: string): string[];
  doHover(uri: string, position: Position): Hover | null;
  /** The lenses `mode` shows (`all` by default: see `codeLensesFor`). */
  codeLenses(uri: string, mode?: LensMode): CodeLens[];
  codeActions(uri: string, range: Range, context: CodeActionContext): CodeAction[];
  completion(uri: string, position: Position): CompletionList;
  documentSymbols(uri: string): DocumentSymbol[];
  evaluate(params: EvaluateParams): EvaluateResult;
  listRequests(uri: string): ListRequestsResult;
  readonly workspace: Workspace;
}

/**
 * Creates the language service. All state (open documents, the disk cache, cached reports) lives
 * in the returned object; nothing global. With `host.staged` (the server), hovers, lenses, actions
 * and symbols answer from the last finished result of each stage and never wait for one (saying
 * when that result is of an earlier version); otherwise every answer runs what it needs first.
 * @example
 * const ls = createLanguageService({ readFile: readText, exists: fileExists });
 * ls.setDocument('file:///ws/opencode.json', text, 1);
 * ls.doValidation('file:///ws/opencode.json'); // Diagnostic[]
 */
export function createLanguageService(host: ServiceHost): LanguageService {
  const ws = new Workspace(host);
  const features = host.features ?? ALL_FEATURES;
  const diffs = new BaseDiffs(host, (p) => ws.text(p));
  const across = new AgentsAcross(ws);
  const lints = new Lints(() => host.ctx, (rep) => across.of(rep));
  const staged = host.staged === true;

  /** The analysis answers come from: everything run (plain callers), or the last finished (the server). */
  const answer = (uri: string): Analysis => (staged ? ws.finishedAnalysis(uri) : ws.analyze(uri));
  /** The comparison with the base answers use: run now, or the last finished (undefined while one runs). */
  const diffOf = (rep: FileReport | null): { diff: BaseDiff | null; checking: boolean } => {
    if (!staged) return { diff: diffs.of(rep), checking: false };
    const done = diffs.finished(rep);
    if (done !== undefined) return { diff: done, checking: false };
    return { diff: (rep && diffs.latest(rep.path)) ?? null, checking: true };
  };

  const ruleDiagnostics = (rep: FileReport, found?: Finding[]): Diagnostic[] => finish(ruleDiagnosticSteps(rep, found));
  /** `ruleDiagnostics` as steps: thousands of findings are made diagnostics `DIAGNOSTICS_CHUNK` at a time. */
  function* ruleDiagnosticSteps(rep: FileReport, found?: Finding[]): Steps<Diagnostic[]> {
    const uri = ws.uriOf(rep.path);
    const done = found !== undefined || !staged || lints.finished(rep);
    const lint = found ?? (staged ? lints.known(rep) : lints.of(rep));
    // The lints finish after the parse: levels and suppressions apply to the parse's findings and
    // theirs together, and a suppression is called unused only once the lints it may be for are in.
    const all = rep.ruleSet && rep.dialect ? shownRuleFindings(rep, [...rep.ruleSet.findings.map(headline), ...lint], ws.configFor(rep.path)).kept.filter((f) => done || f.code !== UNUSED_SUPPRESSION) : rep.diagnostics;
    const out: Diagnostic[] = [];
    for (let i = 0; i < all.length; i++) {
      if (i % DIAGNOSTICS_CHUNK === DIAGNOSTICS_CHUNK - 1) yield;
      out.push(toDiagnostic(all[i], uri, host.docsBase, features));
    }
    return out;
  }
  const requestDiagnostics = (rep: FileReport, diff: BaseDiff | null): Diagnostic[] => {
    if (!rep.requestsPath) return [];
    const uri = ws.uriOf(rep.requestsPath);
    // Flips against the git base are marked where they show: on the stored requests.
    const all = [...rep.requestDiagnostics, ...applyLevels(flipFindings(diff, rep), ws.configFor(rep.path))];
    return all.map((f) => toDiagnostic(f, uri, host.docsBase, features));
  };
  const diagnosticsOf = (a: Analysis, which: 'rules' | 'requests'): Diagnostic[] => {
    const rep = a.report;
    if (!rep) return [];
    return which === 'rules' ? ruleDiagnostics(rep) : requestDiagnostics(rep, diffOf(rep).diff);
  };
  const statusOf = (uri: string, rep: FileReport | null, checking?: string): StatusParams => {
    const counts = countResults(rep?.results ?? []);
    const status: StatusParams = {
      uri,
      dialect: rep?.dialect?.id ?? null,
      requests: counts.requests,
      passed: counts.passed,
      failed: counts.failed,
      invalid: counts.invalid,
      unchecked: counts.unchecked,
      summary: rep?.requestsPath || counts.requests ? resultsLine(counts) : 'no stored requests',
    };
    return checking ? { ...status, checking } : status;
  };

  // Dialects whose one-time setup (a WebAssembly parser) has run, tried once each: a dialect whose
  // setup fails still checks, fail-closed (its commands are never allowed).
  const initialized = new Set<string>();
  const initializing = new Map<string, Promise<void>>();
  const initOnce = (d: AnyDialect): Promise<void> => {
    let job = initializing.get(d.id);
    if (!job) {
      job = d.init!().catch(() => undefined).then(() => void initialized.add(d.id));
      initializing.set(d.id, job);
    }
    return job;
  };
  // No analysis runs in a dialect before its setup: one made earlier would fail closed and, kept,
  // answer every later question wrongly (a stored request "fails" until some file opens the parser).
  ws.isReady = (d) => !d.init || initialized.has(d.id);
  const forgetResults = (): void => {
    ws.forgetReports();
    lints.forget();
    across.forget();
  };
  const ready = async (uri: string): Promise<void> => {
    const jobs: Array<Promise<void>> = [];
    const paths = new Set([uriToPath(uri), ...ws.openPaths()]);
    // agents-disagree decides with every agent policy of the document's project.
    for (const p of [...paths]) if (ws.dialectOf(p)?.neutralRequest) for (const f of projectPolicyFiles(projectFolder(p), ws.checkHost, { overlay: ws.overlay })) paths.add(f);
    for (const p of paths) {
      const d = ws.dialectOf(p);
      if (d?.init && !initialized.has(d.id)) jobs.push(initOnce(d));
    }
    await Promise.all(jobs);
  };

  const validate = (uri: string): Validation => {
    const a = ws.analyze(uri);
    const rep = a.report;
    const publish: PublishTarget[] = [];
    if (a.kind === 'requests' && !rep) {
      publish.push({ uri, diagnostics: [] });
    } else if (rep) {
      // Run to its end (a file checked in the background, a test): the lints finished, not the last known.
      publish.push({ uri: ws.uriOf(rep.path), diagnostics: ruleDiagnostics(rep, lints.of(rep)) });
      if (rep.requestsPath) publish.push({ uri: ws.uriOf(rep.requestsPath), diagnostics: diagnosticsOf(a, 'requests') });
    } else publish.push({ uri, diagnostics: [] });
    return { publish, status: statusOf(uri, rep) };
  };

  const check = (uri: string, clock?: WorkClock): StagedCheck | undefined => {
    const cur = ws.current(uri);
    if (!cur) return undefined;
    const { entry, rulePath } = cur;
    const ruleUri = ws.uriOf(rulePath);
    // A change to the policy's other files supersedes the check as one to its own pair does.
    const paths = [rulePath, ...(entry.requestsPath ? [entry.requestsPath] : []), ...entry.members.map(([m]) => m)];
    const step: { stage: Stage } = { stage: 'parse' };
    function* stages(): Generator<StageResult | void, void, void> {
      yield { stage: 'parse', publish: [{ uri: ruleUri, diagnostics: ruleDiagnostics(entry.parsed) }] };
      step.stage = 'requests';
      const report = yield* ws.completeSteps(entry);
      const requestsUri = report.requestsPath ? ws.uriOf(report.requestsPath) : undefined;
      const requestsPublish = (diff: BaseDiff | null): PublishTarget[] => (requestsUri ? [{ uri: requestsUri, diagnostics: requestDiagnostics(report, diff) }] : []);
      yield { stage: 'requests', publish: requestsPublish(diffOf(report).diff), status: statusOf(uri, report, 'checking…'), lenses: true };
      // The lints and the change impact a step each in turn: neither waits for the other to end.
      yield* inTurn<StageResult>([
        (function* () {
          step.stage = 'lints';
          const found = yield* lints.steps(report, clock);
          yield;
          return { stage: 'lints', publish: [{ uri: ruleUri, diagnostics: yield* ruleDiagnosticSteps(report, found) }] };
        })(),
        (function* () {
          step.stage = 'impact';
          const diff = yield* diffs.steps(report, clock, IMPACT_BUDGET_MS);
          return { stage: 'impact', publish: requestsPublish(diff), lenses: true };
        })(),
      ], (i) => (step.stage = i === 0 ? 'lints' : 'impact'));
    }
    return { rulePath, paths, stages: stages(), step };
  };

  return {
    workspace: ws,
    setDocument: (uri, text, version) => ws.setDocument(uri, text, version),
    closeDocument: (uri) => ws.closeDocument(uri),
    fileChanged: (uri) => ws.fileChanged(uri),
    version: (uri) => ws.version(uri),
    analyze: (uri) => ws.analyze(uri),
    ready,
    forgetResults,
    dependents: (uri) => ws.dependents(uri),
    validate,
    check,
    checkingStatus: (uri) => statusOf(uri, ws.finishedAnalysis(uri).report, 'checking…'),
    doValidation(uri) {
      const p = uriToPath(uri);
      return validate(uri).publish.find((t) => uriToPath(t.uri) === p)?.diagnostics ?? [];
    },
    doHover: (uri, position) => hoverAt(answer(uri), position, ws.text(uriToPath(uri)), (rep) => across.policies(rep)),
    codeLenses(uri, mode) {
      const a = answer(uri);
      const { diff, checking } = diffOf(a.report);
      const lenses = codeLensesFor(a, (p) => ws.uriOf(p), diff, mode, checking);
      return a.stale ? movedLenses(lenses, a.earlierText, ws.text(uriToPath(uri))) : lenses;
    },
    codeActions(uri, range, context) {
      const analysis = answer(uri);
      const current = () => diagnosticsOf(analysis, analysis.kind === 'requests' ? 'requests' : 'rules');
      return codeActionsFor({ uri, analysis, ws, features }, range, context.diagnostics, current);
    },
    completion(uri, position) {
      const p = uriToPath(uri);
      const text = ws.text(p);
      if (text === undefined) return { isIncomplete: false, items: [] };
      const a = answer(uri);
      return completionAt(p, text, position, a.report?.dialect ?? undefined);
    },
    documentSymbols: (uri) => symbolsFor(answer(uri)),
    // The rules a request is evaluated against are the current text's (a parse, no stored request run).
    evaluate: (params) => (staged ? evaluateRequest(ws, ws.current(params.uri)?.analysis ?? ws.analyze(params.uri), params, ws.finishedAnalysis(params.uri)) : evaluateRequest(ws, ws.analyze(params.uri), params)),
    listRequests: (uri) => listRequestsFor(ws, answer(uri)),
  };
}

/**
 * The lenses of an earlier version's results on the current text: each moved by the lines the
 * edits added or removed above it, those on edited lines left out (their rule or request may be
 * another now); the file's own lenses on its first line stay. By whole lines: a lens sits at the
 * start of its line, which a character-wise common start could claim for a line written anew.
 * @example movedLenses(lenses, earlierText, text).length <= lenses.length // true
 */
function movedLenses(lenses: CodeLens[], earlier: string | undefined, text: string | undefined): CodeLens[] {
  const map = earlier !== undefined && text !== undefined ? new LineMap(earlier, text) : undefined;
  return lenses.flatMap((l) => {
    if (l.range.start.line === 0) return [l];
    const range = map?.toNew(l.range);
    return range ? [{ range, ...(l.command ? { command: l.command } : {}), ...(l.data !== undefined ? { data: l.data } : {}) }] : [];
  });
}

/**
 * Runs several step sequences a step each in turn, yielding every value they yield (their pauses
 * and their results, a sequence's result when it ends); ends when all have. `onStep` hears which
 * sequence (its index in `all`) is about to step.
 * @example [...inTurn([a(), b()])] // a's and b's yields, interleaved
 */
function* inTurn<R>(all: Array<Generator<R | void, R, void>>, onStep?: (index: number) => void): Generator<R | void, void, void> {
  const live = all.map((g, index) => ({ g, index }));
  while (live.length > 0) {
    for (let i = 0; i < live.length; ) {
      onStep?.(live[i].index);
      const r = live[i].g.next();
      if (r.done) {
        live.splice(i, 1);
        yield r.value;
      } else {
        yield r.value;
        i++;
      }
    }
  }
}
