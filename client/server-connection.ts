import * as fs from 'fs';
import * as vscode from 'vscode';
import { LanguageClient, LanguageClientOptions, ServerOptions, State, TransportKind } from 'vscode-languageclient/node';
import { LIST_REQUESTS_METHOD, type ListRequestsParams, type ListRequestsResult, EVALUATE_METHOD, type EvaluateParams, type EvaluateResult } from '../shared/protocol';
import { documentSelector } from './selector';
import { renderedDocsLink, withoutEditorSyntaxErrors } from './diagnostics-filter';

/**
 * Owns the language client. Commands and views go through it so that a missing or crashed server
 * becomes one clear message instead of an exception in every caller.
 */
export class ServerConnection implements vscode.Disposable {
  readonly client: LanguageClient | undefined;
  private readonly started: Promise<boolean>;

  constructor(context: vscode.ExtensionContext, output: vscode.LogOutputChannel) {
    const serverModule = vscode.Uri.joinPath(context.extensionUri, 'dist', 'server.js').fsPath;
    if (!fs.existsSync(serverModule)) {
      output.appendLine(`Language server not found at ${serverModule}; rule files will not be checked.`);
      this.started = Promise.resolve(false);
      return;
    }
    const serverOptions: ServerOptions = {
      run: { module: serverModule, transport: TransportKind.ipc },
      debug: { module: serverModule, transport: TransportKind.ipc, options: { execArgv: ['--nolazy', '--inspect=6019'] } },
    };
    const clientOptions: LanguageClientOptions = {
      documentSelector,
      outputChannel: output,
      traceOutputChannel: output,
      // The server reads lint levels and excludes per document; pushing the section keeps it current.
      synchronize: { configurationSection: 'rulelens' },
      initializationOptions: { settings: vscode.workspace.getConfiguration('rulelens') },
      middleware: {
        handleDiagnostics: (uri, diagnostics, next) => {
          const doc = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
          const jsonValidates = !!vscode.extensions.getExtension('vscode.json-language-features') && vscode.workspace.getConfiguration('json', uri).get<boolean>('validate.enable', true);
          next(uri, withoutEditorSyntaxErrors(diagnostics, doc?.languageId, jsonValidates).map(withRenderedDocs));
        },
      },
    };
    this.client = new LanguageClient('rulelens', 'RuleLens', serverOptions, clientOptions);
    this.started = this.client.start().then(
      () => true,
      (err: unknown) => {
        output.appendLine(`Language server failed to start: ${String(err)}`);
        return false;
      },
    );
  }

  /** Resolves true once the server answers requests. */
  ready(): Promise<boolean> {
    return this.started;
  }

  async evaluate(params: EvaluateParams): Promise<EvaluateResult> {
    return this.request<EvaluateResult>(EVALUATE_METHOD, params);
  }

  async listRequests(params: ListRequestsParams): Promise<ListRequestsResult> {
    return this.request<ListRequestsResult>(LIST_REQUESTS_METHOD, params);
  }

  private async request<R>(method: string, params: unknown): Promise<R> {
    if (!(await this.started) || !this.client || this.client.state !== State.Running) {
      throw new Error('The RuleLens language server is not running (see the RuleLens output).');
    }
    return this.client.sendRequest<R>(method, params);
  }

  dispose(): void {
    void this.client?.stop();
  }
}

/** The lint link of a diagnostic opens the page rendered, not the raw Markdown in the install folder. */
function withRenderedDocs(d: vscode.Diagnostic): vscode.Diagnostic {
  const code = d.code;
  if (!code || typeof code !== 'object' || !(code.target instanceof vscode.Uri)) return d;
  const link = renderedDocsLink(code.target.toString(true));
  if (link) d.code = { value: code.value, target: vscode.Uri.parse(link) };
  return d;
}
