/**
 * The RuleLens language server. Works over stdio (`--stdio`) and Node IPC alike: the transport is
 * chosen by `createConnection` from the command line.
 */
import * as os from 'os';
import type { EvalContext } from '../shared/model';
import { applyEngineSettings } from './handlers/engine-settings';
import * as path from 'path';
import { pathToFileURL } from 'url';
import { createConnection, ProposedFeatures, TextDocuments, type InitializeResult } from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { DIALECTS } from '../shared/dialects';
import { version as VERSION } from '../package.json';
import { ServerLog, traceLevel } from './log';
import { SLOW_STEPS_ENV, stretches } from './slow-stretches';
import { fileExists, listEntries, nodePathFs, readText } from '../shared/host/node-fs';
import { createBaseTextReader } from './base-text';
import { SERVER_CAPABILITIES, summarizeClient, type ClientCapabilitiesSummary } from './capabilities';
import { createLanguageService } from './service/language-service';
import { uriToPath } from './service/uri';
import type { ServerContext } from './handlers/context';
import { registerCodeAction } from './handlers/code-action';
import { registerCodeLens } from './handlers/code-lens';
import { registerCompletion } from './handlers/completion';
import { registerConfiguration, registerConfigurationWatch } from './handlers/configuration';
import { registerDocumentSymbol } from './handlers/document-symbol';
import { registerDocuments } from './handlers/documents';
import { registerEvaluate } from './handlers/evaluate';
import { registerHover } from './handlers/hover';
import { registerListRequests } from './handlers/list-requests';
import { Settings, type RuleLensSettings } from './handlers/settings';
import { Validator } from './handlers/validation';
import { CheckingProgress } from './handlers/progress';
import { BackgroundChecker } from './handlers/background';
import { registerWatchedFiles, registerWatchers } from './handlers/watched-files';

const connection = createConnection(ProposedFeatures.all);
const documents = new TextDocuments(TextDocument);
let ctx: ServerContext | undefined;

/** The bundled lint pages sit in `docs/lints/` next to `dist/`. */
function defaultDocsBase(): string {
  return `${pathToFileURL(path.resolve(__dirname, '..', 'docs', 'lints')).href}/`;
}

const log = new ServerLog(connection);

connection.onInitialize(async (params): Promise<InitializeResult> => {
  // Dialects initialize on demand (the language service readies them before a check): a session
  // with OpenCode files only never loads the shell parser's WebAssembly.
  const started = performance.now();
  log.info(`RuleLens language server ${VERSION} (node ${process.version}, pid ${process.pid}); dialects: ${DIALECTS.map((d) => d.id).join(', ')} loaded in ${Math.round(performance.now() - started)} ms`);
  const client: ClientCapabilitiesSummary = summarizeClient(params.capabilities);
  const init = (params.initializationOptions ?? {}) as { settings?: RuleLensSettings; docsBaseUrl?: unknown };
  const docsBaseOption = init.docsBaseUrl ?? init.settings?.docsBaseUrl;
  const docsBase = typeof docsBaseOption === 'string' && docsBaseOption ? (docsBaseOption.endsWith('/') ? docsBaseOption : `${docsBaseOption}/`) : defaultDocsBase();
  let settings: Settings | undefined;
  const evalCtx: EvalContext = { home: os.homedir(), fs: nodePathFs };
  applyEngineSettings(evalCtx, init.settings, readText);
  const service = createLanguageService({
    readFile: readText,
    exists: fileExists,
    list: listEntries,
    ctx: evalCtx,
    configFor: (p) => settings!.peek(p),
    docsBase,
    features: client,
    baseText: createBaseTextReader(),
    historyFor: (p) => settings!.historyOf(p),
    staged: true,
  });
  settings = new Settings(connection, client.configuration, (p) => service.workspace.text(p));
  settings.setGlobal(init.settings ?? {});
  log.level = traceLevel(init.settings);
  settings.onGlobal = (g) => (log.level = traceLevel(g));
  settings.folders = (params.workspaceFolders ?? []).map((f) => uriToPath(f.uri));
  const validator = new Validator(connection, service, settings, client.codeLensRefresh, log, new CheckingProgress(connection, client.workDoneProgress));
  ctx = { connection, documents, service, settings, validator, client };
  const background = new BackgroundChecker(ctx, () => settings.backgroundCheck());
  ctx.background = background;
  validator.onUnopened = (uri) => void background.unopened(uri).catch((e: unknown) => connection.console.error(`background check of ${uri} failed: ${String(e)}`));
  registerDocuments(ctx);
  registerHover(ctx);
  registerCodeLens(ctx);
  registerCodeAction(ctx);
  registerCompletion(ctx);
  registerDocumentSymbol(ctx);
  registerEvaluate(ctx);
  registerListRequests(ctx);
  registerWatchedFiles(ctx);
  registerConfiguration(ctx);
  log.info(`workspace folders: ${settings.folders.join(', ') || '(none)'}; lint pages: ${docsBase}`);
  return { capabilities: SERVER_CAPABILITIES, serverInfo: { name: 'rulelens', version: VERSION } };
});

connection.onInitialized(async () => {
  if (!ctx) return;
  const c = ctx;
  try {
    await registerWatchers(c);
    await registerConfigurationWatch(c);
  } catch (e) {
    connection.console.error(`registration failed: ${String(e)}`);
  }
  // After the watchers: a file changed while the sweep runs is checked again, never missed.
  c.background?.start();
  if (c.client.workspaceFolders) {
    connection.workspace.onDidChangeWorkspaceFolders((e) => {
      const removed = new Set(e.removed.map((f) => uriToPath(f.uri)));
      c.settings.folders = [...c.settings.folders.filter((f) => !removed.has(f)), ...e.added.map((f) => uriToPath(f.uri))];
      c.settings.clear();
      c.validator.scheduleAll();
      c.background?.start();
    });
  }
});

// A bug in a handler is logged, never fatal: the editor keeps its other documents checked.
process.on('uncaughtException', (e) => connection.console.error(`uncaught: ${e.stack ?? e.message}`));
process.on('unhandledRejection', (e) => connection.console.error(`unhandled rejection: ${String(e)}`));

if (stretches.enabled) {
  process.stderr.write(`[rulelens] ${SLOW_STEPS_ENV}=${stretches.thresholdMs}: reporting every stretch of the thread of ${stretches.thresholdMs} ms or more\n`);
  stretches.watchTurns();
}

documents.listen(connection);
connection.listen();
