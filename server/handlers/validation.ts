import type { ServerLog } from '../log';
import { CodeLensRefreshRequest, type Connection } from 'vscode-languageserver';
import { STATUS_NOTIFICATION } from '../../shared/protocol';
import type { LanguageService } from '../service/language-service';
import { uriToPath } from '../service/uri';
import type { Settings } from './settings';

/** Quiet time after the last keystroke before a document is re-checked. */
export const DEBOUNCE_MS = 150;

/**
 * Debounced re-checking. A change to any file re-checks every open document that depends on it
 * (a rule file and its requests file, both ways). A run whose document changed while it waited for
 * settings is dropped: the newer run scheduled by that change publishes instead.
 */
export class Validator {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly runs = new Map<string, number>();
  /** Resolves when no run is pending (tests and benchmarks wait on it). */
  idle: Promise<void> = Promise.resolve();
  private running = 0;
  /**
   * A change to a file no open document depends on (it was closed, or changed on disk): the
   * background policy decides whether it is checked or its findings cleared.
   */
  onUnopened: (uri: string) => void = () => undefined;

  constructor(
    private readonly connection: Connection,
    private readonly service: LanguageService,
    private readonly settings: Settings,
    private readonly refreshLenses: boolean,
    private readonly log?: ServerLog,
  ) {}

  /** @example validator.schedule(uri) // re-checks after 150 ms of quiet */
  schedule(uri: string, delay = DEBOUNCE_MS): void {
    const prev = this.timers.get(uri);
    if (prev) clearTimeout(prev);
    this.runs.set(uri, (this.runs.get(uri) ?? 0) + 1);
    this.timers.set(
      uri,
      setTimeout(() => {
        this.timers.delete(uri);
        this.idle = this.idle.then(() => this.run(uri)).catch((e: unknown) => this.connection.console.error(`validation failed: ${String(e)}`));
      }, delay),
    );
  }

  /** Whether a check of an open document is waiting or running: background work waits for it. */
  busy(): boolean {
    return this.timers.size > 0 || this.running > 0;
  }

  scheduleAll(): void {
    for (const p of this.service.workspace.openPaths()) this.schedule(this.service.workspace.uriOf(p), 0);
  }

  private async run(uri: string): Promise<void> {
    this.running++;
    try {
      await this.runOpen(uri);
    } finally {
      this.running--;
    }
  }

  private async runOpen(uri: string): Promise<void> {
    const ticket = this.runs.get(uri);
    await this.service.ready(uri);
    const version = this.service.version(uri);
    const targets = this.service.dependents(uri);
    // Only open documents (and the partner of one) are checked here; the rest is the background's.
    if (!targets.length) {
      this.onUnopened(uri);
      return;
    }
    const partners = targets.flatMap((t) => {
      const a = this.service.analyze(t);
      return [a.rulePath, a.requestsPath].filter((p): p is string => !!p).map((p) => this.service.workspace.uriOf(p));
    });
    await this.settings.prepare([...targets, ...partners]);
    // Stale: the document changed (or was re-scheduled) while settings were fetched.
    if (this.runs.get(uri) !== ticket || this.service.version(uri) !== version) return;
    const published = new Set<string>();
    for (const t of targets) {
      const started = performance.now();
      const { publish, status } = this.service.validate(t);
      this.log?.debug(`validated ${uriToPath(t)} in ${(performance.now() - started).toFixed(1)} ms: ${publish.map((p) => `${p.diagnostics.length} diagnostic${p.diagnostics.length === 1 ? '' : 's'} in ${uriToPath(p.uri).split(/[\\/]/).pop()}`).join(', ')}`);
      for (const p of publish) {
        const key = uriToPath(p.uri);
        if (published.has(key)) continue;
        published.add(key);
        await this.connection.sendDiagnostics({ uri: p.uri, version: this.service.version(p.uri), diagnostics: p.diagnostics });
      }
      await this.connection.sendNotification(STATUS_NOTIFICATION, status);
    }
    if (this.refreshLenses) this.connection.sendRequest(CodeLensRefreshRequest.type).catch(() => undefined);
  }

  /** Clears what was published for a closed document that is no rule or requests file. */
  async clear(uri: string): Promise<void> {
    await this.connection.sendDiagnostics({ uri, diagnostics: [] });
  }
}
