import * as path from 'path';
import type { ServerLog } from '../log';
import { CodeLensRefreshRequest, type Connection } from 'vscode-languageserver';
import { SliceClock } from '../../shared/analysis/steps';
import { STATUS_NOTIFICATION, type StatusParams } from '../../shared/protocol';
import type { LanguageService, PublishTarget, StageResult, StagedCheck } from '../service/language-service';
import { uriToPath } from '../service/uri';
import type { CheckingProgress } from './progress';
import type { Settings } from './settings';
import { settle, slice } from './slices';
import { stretches } from '../slow-stretches';

/** Quiet time after the last keystroke before a document is re-checked. */
export const DEBOUNCE_MS = 150;

/** One version of one rule file being checked in stages. */
interface Job {
  check: StagedCheck;
  /** The documents whose change started it (each gets the status). */
  uris: string[];
  /** The version (open documents) and change count of every file the check read, when it started. */
  versions: Array<{ path: string; version: number | undefined; touched: number }>;
  epoch: number;
  clock: SliceClock;
  status?: StatusParams;
  /** When it started (wall ms), and what it last published per document (for the log). */
  started: number;
  published: Map<string, number>;
}

/**
 * Checks documents in stages, so no answer waits for the long ones. After a keystroke and
 * `DEBOUNCE_MS` of quiet, every open document that depends on the changed one is parsed at once;
 * its stored requests, its lints and its change impact against git's HEAD then run as steps, a
 * slice at a time (`SLICE_MS`), with hovers, completions and keystrokes handled between slices.
 * Each stage's diagnostics are published when it finishes; a check whose files change again is
 * dropped at its next slice, and nothing of a superseded version is ever published (the messages
 * that came in during a slice are handled before its results go out).
 */
export class Validator {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly runs = new Map<string, number>();
  /** Per path, how many changes were scheduled (a file changed on disk has no version to compare). */
  private readonly touched = new Map<string, number>();
  /** Bumped when every document is re-checked (settings, folders): every job before is stale. */
  private epoch = 0;
  private checks: Promise<void> = Promise.resolve();
  private pendingChecks = 0;
  /** Per rule file, the version being checked in the background. */
  private readonly jobs = new Map<string, Job>();
  private draining: Promise<void> | undefined;
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
    private readonly progress?: CheckingProgress,
  ) {}

  /** @example validator.schedule(uri) // re-checks after 150 ms of quiet */
  schedule(uri: string, delay = DEBOUNCE_MS): void {
    const prev = this.timers.get(uri);
    if (prev) clearTimeout(prev);
    this.runs.set(uri, (this.runs.get(uri) ?? 0) + 1);
    const p = uriToPath(uri);
    this.touched.set(p, (this.touched.get(p) ?? 0) + 1);
    this.timers.set(
      uri,
      setTimeout(() => {
        this.timers.delete(uri);
        this.pendingChecks++;
        this.checks = this.checks
          .then(() => this.run(uri))
          .catch((e: unknown) => this.connection.console.error(`validation failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`))
          .finally(() => this.pendingChecks--);
      }, delay),
    );
  }

  /** Whether a check of an open document is waiting or running: background work waits for it. */
  busy(): boolean {
    return this.timers.size > 0 || this.running > 0 || this.pendingChecks > 0 || this.jobs.size > 0;
  }

  scheduleAll(): void {
    this.epoch++;
    for (const p of this.service.workspace.openPaths()) this.schedule(this.service.workspace.uriOf(p), 0);
  }

  /** Resolves once no check is waiting or running (tests and benchmarks wait on it). */
  async idle(): Promise<void> {
    while (this.timers.size > 0 || this.pendingChecks > 0 || this.jobs.size > 0 || this.draining) {
      if (this.timers.size > 0) await new Promise((r) => setTimeout(r, DEBOUNCE_MS));
      await this.checks;
      await this.draining;
    }
  }

  /** Stage one for every document that depends on `uri`: the parse; the rest goes to the background. */
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
    const targets = stretches.run(() => `dependents of ${path.basename(uriToPath(uri))}`, () => this.service.dependents(uri));
    // Only open documents (and the partner of one) are checked here; the rest is the background's.
    if (!targets.length) {
      this.onUnopened(uri);
      return;
    }
    const partners = stretches.run('partners', () =>
      targets.flatMap((t) => {
        const a = this.service.workspace.finishedAnalysis(t);
        return [a.rulePath, a.requestsPath].filter((p): p is string => !!p).map((p) => this.service.workspace.uriOf(p));
      }),
    );
    await this.settings.prepare([...targets, ...partners]);
    // Stale: the document changed (or was re-scheduled) while settings were fetched.
    if (this.runs.get(uri) !== ticket) return;
    const started = new Set<string>();
    for (const t of targets) {
      const clock = new SliceClock();
      const t0 = performance.now();
      const check = stretches.run(() => `parse ${path.basename(uriToPath(t))}`, () => this.service.check(t, clock));
      if (!check) {
        await this.publish([{ uri: t, diagnostics: [] }]);
        await this.sendStatus({ uri: t, dialect: null, requests: 0, passed: 0, failed: 0 });
        continue;
      }
      this.log?.debug(`parsed ${uriToPath(t)} in ${(performance.now() - t0).toFixed(1)} ms`);
      const known = this.jobs.get(check.rulePath);
      if (started.has(check.rulePath) && known) {
        known.uris.push(t);
        continue;
      }
      started.add(check.rulePath);
      const job: Job = { check, uris: [t], epoch: this.epoch, clock, started: t0, published: new Map(), versions: check.paths.map((p) => ({ path: p, version: this.service.version(this.service.workspace.uriOf(p)), touched: this.touched.get(p) ?? 0 })) };
      this.jobs.set(check.rulePath, job);
      this.progress?.show(`checking ${path.basename(check.rulePath)}…`);
      await this.sendStatus(this.service.checkingStatus(t));
    }
    this.drain();
  }

  /** Whether nothing the job read has changed since it started. */
  private current(job: Job): boolean {
    if (job.epoch !== this.epoch || this.jobs.get(job.check.rulePath) !== job) return false;
    return job.versions.every((v) => this.service.version(this.service.workspace.uriOf(v.path)) === v.version && (this.touched.get(v.path) ?? 0) === v.touched);
  }

  /** Runs the background stages of every job, a slice of each in turn, until none is left. */
  private drain(): void {
    this.draining ??= this.loop().finally(() => {
      this.draining = undefined;
      this.progress?.done();
    });
  }

  private async loop(): Promise<void> {
    while (this.jobs.size > 0) {
      for (const job of [...this.jobs.values()]) {
        // A parse waiting to start goes first: a keystroke's diagnostics never wait behind older work.
        if (this.pendingChecks > 0) await this.checks;
        if (!this.current(job)) {
          this.forget(job);
          continue;
        }
        let values: StageResult[];
        let done: boolean;
        try {
          ({ values, done } = slice(job.check.stages, job.clock, undefined, () => `${job.check.step.stage} of ${path.basename(job.check.rulePath)}`));
        } catch (e) {
          this.connection.console.error(`checking ${job.check.rulePath} failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
          this.forget(job);
          for (const uri of job.uris) await this.sendStatus({ ...(job.status ?? this.service.checkingStatus(uri)), uri, checking: undefined });
          continue;
        }
        // Messages that came in during the slice reach the documents first: a newer version drops these results.
        await settle();
        if (!this.current(job)) {
          this.forget(job);
          continue;
        }
        await this.deliver(job, values);
        if (done) {
          this.forget(job);
          if (job.status) for (const uri of job.uris) await this.sendStatus({ ...job.status, uri, checking: undefined });
          const counts = [...job.published].map(([p, n]) => `${n} diagnostic${n === 1 ? '' : 's'} in ${path.basename(p)}`);
          this.log?.debug(`validated ${job.check.rulePath} in ${(performance.now() - job.started).toFixed(1)} ms: ${counts.join(', ') || 'nothing published'} (${job.clock.cpuMs().toFixed(0)} ms of CPU in slices)`);
        }
      }
    }
  }

  private forget(job: Job): void {
    if (this.jobs.get(job.check.rulePath) === job) this.jobs.delete(job.check.rulePath);
    if (job.check.stages.return) job.check.stages.return();
  }

  /** Publishes what a slice's stages finished: each document once, with its latest set. */
  private async deliver(job: Job, values: StageResult[]): Promise<void> {
    if (!values.length) return;
    const latest = new Map<string, PublishTarget>();
    let lenses = false;
    for (const v of values) {
      for (const p of v.publish) latest.set(uriToPath(p.uri), p);
      if (v.status) job.status = v.status;
      lenses ||= v.lenses === true;
    }
    // Each document with the version the job read (it is current: `current(job)` was checked after the slice).
    await this.publish([...latest.values()], (p) => job.versions.find((v) => v.path === p)?.version ?? this.service.version(this.service.workspace.uriOf(p)));
    for (const [p, t] of latest) job.published.set(p, t.diagnostics.length);
    if (values.some((v) => v.status) && job.status) for (const uri of job.uris) await this.sendStatus({ ...job.status, uri });
    if (lenses && this.refreshLenses) this.connection.sendRequest(CodeLensRefreshRequest.type).catch(() => undefined);
  }

  private async publish(targets: PublishTarget[], versionOf: (path: string) => number | undefined = (p) => this.service.version(this.service.workspace.uriOf(p))): Promise<void> {
    for (const p of targets) await stretches.run(() => `publish ${p.diagnostics.length} diagnostics of ${path.basename(uriToPath(p.uri))}`, () => this.connection.sendDiagnostics({ uri: p.uri, version: versionOf(uriToPath(p.uri)), diagnostics: p.diagnostics }));
  }

  private async sendStatus(status: StatusParams): Promise<void> {
    await this.connection.sendNotification(STATUS_NOTIFICATION, status);
  }

  /** Clears what was published for a closed document that is no rule or requests file. */
  async clear(uri: string): Promise<void> {
    await this.connection.sendDiagnostics({ uri, diagnostics: [] });
  }
}
