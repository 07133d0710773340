import { spawn, type ChildProcess } from 'child_process';
import * as path from 'path';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter, type MessageConnection } from 'vscode-jsonrpc/node';

export const ROOT = path.resolve(__dirname, '../..');

interface Published {
  uri: string;
  version?: number;
  diagnostics: Array<{ code?: string | number; message: string; severity?: number; source?: string; range: unknown; data?: unknown }>;
}

/**
 * A minimal LSP client over the server's stdio: enough to open documents, send edits and
 * requests, and wait for published diagnostics and status notifications.
 */
export class LspClient {
  readonly proc: ChildProcess;
  readonly conn: MessageConnection;
  readonly diagnostics = new Map<string, Published>();
  /** Every publishDiagnostics received, in order (the map above keeps each document's last). */
  readonly published: Published[] = [];
  /** How often the server asked the client to refresh its code lenses. */
  lensRefreshes = 0;
  /** The kinds (`begin`, `report`, `end`) of the server's work-done progress, in order. */
  readonly progress: string[] = [];
  readonly status: unknown[] = [];
  readonly log: string[] = [];
  private waiters: Array<{ test: () => boolean; resolve: () => void }> = [];
  private versions = new Map<string, number>();
  /** The `rulelens` settings section answered to workspace/configuration. */
  settings: Record<string, unknown> = { lints: {}, excludeFiles: [] };

  /**
   * `command` starts the server another way (e.g. `rulelens lsp --stdio`); the bundle by default.
   * `exitWaitMs`: how long `stop` waits for the server to exit by itself before it is killed.
   */
  constructor(
    command: { file: string; args: string[]; cwd?: string } = { file: process.execPath, args: [path.join(ROOT, 'dist/server.js'), '--stdio'] },
    private readonly exitWaitMs = 0,
  ) {
    this.proc = spawn(command.file, command.args, { stdio: ['pipe', 'pipe', 'pipe'], cwd: command.cwd });
    this.proc.stderr!.on('data', (d: Buffer) => this.log.push(d.toString()));
    const reader = new StreamMessageReader(this.proc.stdout!);
    // No partial-message timer: vscode-jsonrpc re-arms it for as long as a message stays cut
    // short, and disposing the connection does not stop it. A server stopped while writing a
    // large message would then keep the test process alive for good.
    reader.partialMessageTimeout = 0;
    this.conn = createMessageConnection(reader, new StreamMessageWriter(this.proc.stdin!));
    this.conn.onNotification('textDocument/publishDiagnostics', (p: Published) => {
      this.diagnostics.set(p.uri, p);
      this.published.push(p);
      this.poke();
    });
    this.conn.onNotification('rulelens/status', (p: unknown) => {
      this.status.push(p);
      this.poke();
    });
    this.conn.onNotification('window/logMessage', (p: { message: string }) => {
      this.log.push(p.message);
      this.poke();
    });
    this.conn.onRequest('workspace/configuration', (p: unknown) => ((p as { items: unknown[] }).items ?? []).map(() => this.settings));
    this.conn.onRequest('client/registerCapability', () => null);
    this.conn.onRequest('window/workDoneProgress/create', () => null);
    this.conn.onNotification('$/progress', (p: { value?: { kind?: string } }) => {
      this.progress.push(p.value?.kind ?? '?');
      this.poke();
    });
    this.conn.onRequest('workspace/codeLens/refresh', () => {
      this.lensRefreshes++;
      this.poke();
      return null;
    });
    this.conn.listen();
  }

  private poke(): void {
    this.waiters = this.waiters.filter((w) => {
      if (!w.test()) return true;
      w.resolve();
      return false;
    });
  }

  /** Resolves once `test` holds (checked on every notification), or rejects after `ms`. */
  until(test: () => boolean, ms = 10_000, what = 'condition'): Promise<void> {
    if (test()) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`timed out waiting for ${what}`)), ms);
      this.waiters.push({ test, resolve: () => (clearTimeout(timer), resolve()) });
    });
  }

  /**
   * `settings`: the `rulelens` section sent with `initialize` (e.g. `{ backgroundCheck: false }`);
   * `window`: the client's window capabilities (e.g. `{ workDoneProgress: true }`).
   */
  async initialize(rootUri: string, settings?: Record<string, unknown>, window?: Record<string, unknown>): Promise<unknown> {
    const result = await this.conn.sendRequest('initialize', {
      processId: process.pid,
      rootUri,
      workspaceFolders: [{ uri: rootUri, name: 'ws' }],
      capabilities: {
        workspace: { configuration: true, workspaceFolders: true, didChangeWatchedFiles: { dynamicRegistration: true }, workspaceEdit: { documentChanges: true, resourceOperations: ['create'] }, codeLens: { refreshSupport: true } },
        textDocument: { publishDiagnostics: { relatedInformation: true, codeDescriptionSupport: true, tagSupport: { valueSet: [1, 2] } } },
        ...(window ? { window } : {}),
      },
      initializationOptions: { docsBaseUrl: 'https://rulelens.dev/docs/lints/', ...(settings ? { settings } : {}) },
    });
    await this.conn.sendNotification('initialized', {});
    return result;
  }

  async open(uri: string, text: string, languageId = 'json'): Promise<void> {
    this.versions.set(uri, 1);
    await this.conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId, version: 1, text } });
  }

  /** Replaces the whole text (a full-document change event). */
  async change(uri: string, text: string): Promise<number> {
    const version = (this.versions.get(uri) ?? 1) + 1;
    this.versions.set(uri, version);
    await this.conn.sendNotification('textDocument/didChange', { textDocument: { uri, version }, contentChanges: [{ text }] });
    return version;
  }

  /** Sends a notification the methods above do not cover (e.g. `workspace/didChangeWatchedFiles`). */
  notify(method: string, params: unknown): Promise<void> {
    return this.conn.sendNotification(method, params);
  }

  request<R>(method: string, params: unknown): Promise<R> {
    return this.conn.sendRequest<R>(method, params);
  }

  async stop(): Promise<void> {
    try {
      await Promise.race([this.conn.sendRequest('shutdown'), new Promise((r) => setTimeout(r, 2000))]);
      await this.conn.sendNotification('exit');
    } catch {
      // already gone
    }
    // A server that writes something as it exits (a CPU profile) is given time to finish first.
    if (this.exitWaitMs > 0 && this.proc.exitCode === null) await new Promise((r) => { this.proc.once('exit', r); setTimeout(r, this.exitWaitMs); });
    this.conn.dispose();
    this.proc.kill();
  }
}
