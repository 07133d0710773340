import type { CodeAction, CodeActionContext, CodeLens, CompletionList, Diagnostic, DocumentSymbol, Hover, Position, Range } from 'vscode-languageserver';
import { applyLevels } from '../../shared/config/lint-config';
import { countResults, resultsLine } from '../../shared/requests/summary';
import type { EvaluateParams, EvaluateResult, ListRequestsResult, StatusParams } from '../../shared/protocol';
import { BaseDiffs } from './base-diff';
import { codeActionsFor } from './code-actions';
import type { LensMode } from './lens-mode';
import { codeLensesFor } from './code-lens';
import { completionAt } from './completion';
import { toDiagnostic } from './diagnostics';
import { evaluateRequest, listRequestsFor } from './evaluate';
import { flipFindings } from './flips';
import { hoverAt } from './hover';
import { ALL_FEATURES, type ServiceHost } from './host';
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
  doValidation(uri: string): Diagnostic[];
  /** Diagnostics for the document and its partner (a rule file's requests file, or the reverse). */
  validate(uri: string): Validation;
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
 * in the returned object; nothing global.
 * @example
 * const ls = createLanguageService({ readFile: readText, exists: fileExists });
 * ls.setDocument('file:///ws/opencode.json', text, 1);
 * ls.doValidation('file:///ws/opencode.json'); // Diagnostic[]
 */
export function createLanguageService(host: ServiceHost): LanguageService {
  const ws = new Workspace(host);
  const features = host.features ?? ALL_FEATURES;
  const diffs = new BaseDiffs(host, (p) => ws.text(p));

  const diagnosticsOf = (a: Analysis, which: 'rules' | 'requests'): Diagnostic[] => {
    const rep = a.report;
    if (!rep) return [];
    const p = which === 'rules' ? rep.path : rep.requestsPath;
    if (!p) return [];
    // Flips against the git base are marked where they show: on the stored requests.
    const findings = which === 'rules' ? rep.diagnostics : [...rep.requestDiagnostics, ...applyLevels(flipFindings(diffs.of(rep), rep), ws.configFor(rep.path))];
    const uri = ws.uriOf(p);
    return findings.map((f) => toDiagnostic(f, uri, host.docsBase, features));
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
  const ready = async (uri: string): Promise<void> => {
    const jobs: Array<Promise<void>> = [];
    for (const p of new Set([uriToPath(uri), ...ws.openPaths()])) {
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
      publish.push({ uri: ws.uriOf(rep.path), diagnostics: diagnosticsOf(a, 'rules') });
      if (rep.requestsPath) publish.push({ uri: ws.uriOf(rep.requestsPath), diagnostics: diagnosticsOf(a, 'requests') });
    } else publish.push({ uri, diagnostics: [] });
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
    return { publish, status };
  };

  return {
    workspace: ws,
    setDocument: (uri, text, version) => ws.setDocument(uri, text, version),
    closeDocument: (uri) => ws.closeDocument(uri),
    fileChanged: (uri) => ws.fileChanged(uri),
    version: (uri) => ws.version(uri),
    analyze: (uri) => ws.analyze(uri),
    ready,
    dependents: (uri) => ws.dependents(uri),
    validate,
    doValidation(uri) {
      const p = uriToPath(uri);
      return validate(uri).publish.find((t) => uriToPath(t.uri) === p)?.diagnostics ?? [];
    },
    doHover: (uri, position) => hoverAt(ws.analyze(uri), position),
    codeLenses(uri, mode) {
      const a = ws.analyze(uri);
      return codeLensesFor(a, (p) => ws.uriOf(p), diffs.of(a.report), mode);
    },
    codeActions(uri, range, context) {
      const analysis = ws.analyze(uri);
      const current = () => diagnosticsOf(analysis, analysis.kind === 'requests' ? 'requests' : 'rules');
      return codeActionsFor({ uri, analysis, ws, features }, range, context.diagnostics, current);
    },
    completion(uri, position) {
      const p = uriToPath(uri);
      const text = ws.text(p);
      if (text === undefined) return { isIncomplete: false, items: [] };
      const a = ws.analyze(uri);
      return completionAt(p, text, position, a.report?.dialect ?? undefined);
    },
    documentSymbols: (uri) => symbolsFor(ws.analyze(uri)),
    evaluate: (params) => evaluateRequest(ws, ws.analyze(params.uri), params),
    listRequests: (uri) => listRequestsFor(ws, ws.analyze(uri)),
  };
}
