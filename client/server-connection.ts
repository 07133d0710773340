import * as fs from 'fs';
import * as vscode from 'vscode';
import { LanguageClient, LanguageClientOptions, ServerOptions, State, TransportKind } from 'vscode-languageclient/node';
import { LIST_REQUESTS_METHOD, type ListRequestsParams, type ListRequestsResult, EVALUATE_METHOD, type EvaluateParams, type EvaluateResult } from '../shared/protocol';
import { documentSelector } from './selector';

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
