import * as vscode from 'vscode';
import { COMMANDS, STATUS_NOTIFICATION, type EvaluateResult, type StatusParams } from '../shared/protocol';
import { FlipPages, FLIPS_SCHEME, showDocumentation } from './commands/documents';
import { EvaluateCommands } from './commands/evaluate';
import { saveAsStoredRequest } from './commands/save-request';
import { ServerConnection } from './server-connection';
import { RuleStatus } from './status';
import { RequestTests, type Outcome } from './testing/controller';
import { TraceView, type TraceViewState } from './views/trace-view';
import { TraceFollower } from './views/follow';

/** What `activate` returns: enough for tests and other extensions to drive RuleLens without its UI. */
export interface RuleLensApi {
  /** Resolves true once the language server is running. */
  ready(): Promise<boolean>;
  evaluate(arg: unknown): Promise<EvaluateResult | undefined>;
  traceView(): TraceViewState | undefined;
  /** Stores the request currently shown in the trace view under `name`; returns the requests file. */
  saveShownRequest(name: string): Promise<vscode.Uri | undefined>;
  testResults(): Record<string, Outcome>;
  runTests(): Promise<void>;
  status(uri: vscode.Uri): StatusParams | undefined;
  /** Fires for each status the server sends (a document's standing; `checking` while it is checked). */
  onDidChangeStatus: vscode.Event<StatusParams>;
  /** The language status item's text now, e.g. `RuleLens: opencode · checking…`. */
  statusText(): string;
}

let connection: ServerConnection | undefined;

export function activate(context: vscode.ExtensionContext): RuleLensApi {
  const output = vscode.window.createOutputChannel('RuleLens', { log: true });
  const server = new ServerConnection(context, output);
  connection = server;
  const status = new RuleStatus();
  const tests = new RequestTests(server);
  const view = new TraceView((subject) => saveAsStoredRequest(server, subject).then(() => undefined));
  const evaluate = new EvaluateCommands(server, view);
  const follower = new TraceFollower(
    () => view.state?.subject,
    (uri) => server.listRequests({ uri: uri.toString() }).catch(() => undefined),
    (target) => evaluate.showTrace(target),
  );
  const flips = new FlipPages();

  context.subscriptions.push(
    output,
    server,
    status,
    tests,
    view,
    follower,
    vscode.commands.registerCommand(COMMANDS.evaluateRequest, (arg?: unknown) => evaluate.evaluateRequest(arg)),
    vscode.commands.registerCommand(COMMANDS.showTrace, (arg?: unknown) => evaluate.showTrace(arg)),
    vscode.commands.registerCommand(COMMANDS.showOutput, () => output.show(true)),
    vscode.commands.registerCommand(COMMANDS.showDocumentation, (arg?: unknown) => showDocumentation(context.extensionUri, arg)),
    flips,
    vscode.workspace.registerTextDocumentContentProvider(FLIPS_SCHEME, flips),
    vscode.commands.registerCommand(COMMANDS.showFlips, (arg?: unknown) => flips.show(arg)),
    status.onDidChange((s) => tests.onStatus(s)),
  );

  void server.ready().then((running) => {
    if (!running || !server.client) return;
    context.subscriptions.push(server.client.onNotification(STATUS_NOTIFICATION, (p: StatusParams) => status.update(p)));
    void tests.discover();
  });

  return {
    ready: () => server.ready(),
    evaluate: (arg) => evaluate.evaluateRequest(arg),
    traceView: () => view.state,
    saveShownRequest: async (name) => {
      const shown = view.state?.subject;
      if (!shown) throw new Error('The trace view shows nothing');
      return saveAsStoredRequest(server, shown, name);
    },
    testResults: () => tests.results(),
    runTests: () => tests.runAll(),
    status: (uri) => status.get(uri.toString()),
    onDidChangeStatus: status.onDidChange,
    statusText: () => status.text,
  };
}

export function deactivate(): Thenable<void> | undefined {
  return connection?.client?.stop();
}
