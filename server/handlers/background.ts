import * as fs from 'fs';
import * as path from 'path';
import { isCandidate, looksLikeRules, SKIP_DIRS } from '../../shared/check/discover';
import { isExcluded } from '../../shared/config/lint-config';
import { isRequestsFile } from '../../shared/dialects';
import { pathToUri, uriToPath } from '../service/uri';
import { prepared, type ServerContext } from './context';

/** Rule files one sweep checks; a larger workspace is checked this far, and the progress says so. */
export const MAX_BACKGROUND_FILES = 2_000;
/** Directory entries one sweep looks at before it stops looking (a workspace of a whole disk must end). */
export const MAX_BACKGROUND_ENTRIES = 100_000;
/** Entries looked at between two yields to the event loop while searching. */
const ENTRIES_PER_TURN = 200;

/** A turn of the event loop: whatever the editor asked meanwhile is answered first. */
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The background policy: with `rulelens.backgroundCheck` on (the default), every rule file of the
 * workspace folders is checked once when the server starts — found as `rulelens check` finds them,
 * at most MAX_BACKGROUND_FILES, one file per turn of the event loop and only while no open document
 * waits to be checked, with progress — and again whenever it changes on disk, so the Problems
 * panel lists every rule file's findings whether or not it was opened. With it off, only open
 * documents (and the partner of one) have findings: a file changed on disk or closed has none.
 */
export class BackgroundChecker {
  /** Unopened files whose findings this checker published (so turning it off can clear them). */
  private readonly published = new Set<string>();
  /** Bumped on every start and stop: a sweep of an older generation stops at its next file. */
  private generation = 0;
  /** Resolves when the current sweep has finished (tests wait on it). */
  done: Promise<void> = Promise.resolve();

  constructor(private readonly ctx: ServerContext, private readonly enabled: () => Promise<boolean>) {}

  /** Starts a sweep of every workspace folder (after start-up, or when settings change). */
  start(): void {
    const gen = ++this.generation;
    this.done = (async () => {
      if (!(await this.enabled())) return this.clearAll();
      if (gen === this.generation) await this.sweep(gen);
    })().catch((e: unknown) => this.ctx.connection.console.error(`background check failed: ${String(e)}`));
  }

  /** A rule or requests file no open document depends on changed, was closed or was deleted. */
  async unopened(uri: string): Promise<void> {
    const p = uriToPath(uri);
    if (!(await this.enabled()) || !fs.existsSync(p)) {
      await this.clear(uri);
      const partner = this.ctx.service.analyze(uri);
      for (const q of [partner.rulePath, partner.requestsPath]) if (q && q !== p && !this.ctx.service.workspace.isOpen(q)) await this.clear(pathToUri(q));
      return;
    }
    await this.check(p);
  }

  private async clear(uri: string): Promise<void> {
    if (this.ctx.service.workspace.isOpen(uriToPath(uri))) return;
    this.published.delete(uriToPath(uri));
    await this.ctx.connection.sendDiagnostics({ uri, diagnostics: [] });
  }

  private async clearAll(): Promise<void> {
    for (const p of [...this.published]) await this.clear(pathToUri(p));
  }

  private async sweep(gen: number): Promise<void> {
    const progress = await this.ctx.connection.window.createWorkDoneProgress().catch(() => undefined);
    progress?.begin('RuleLens', 0, 'looking for rule files…', false);
    try {
      const { files, stopped } = await this.find(gen);
      for (let i = 0; i < files.length && gen === this.generation; i++) {
        // Lowest priority: an open document waiting to be checked goes first.
        while (this.ctx.validator.busy() && gen === this.generation) await this.ctx.validator.idle().then(turn);
        await turn();
        if (gen !== this.generation) break;
        progress?.report(Math.round((100 * i) / files.length), `checking ${i + 1} of ${files.length} rule files${stopped ? ` (stopped at ${MAX_BACKGROUND_FILES})` : ''}`);
        await this.check(files[i]);
      }
    } finally {
      progress?.done();
    }
  }

  /** Rule files under the workspace folders, as `rulelens check <folder>` finds them, searched a little per turn. */
  private async find(gen: number): Promise<{ files: string[]; stopped: boolean }> {
    const files: string[] = [];
    let entries = 0;
    for (const folder of this.ctx.settings.folders) {
      const stack = [folder];
      while (stack.length && gen === this.generation) {
        const dir = stack.pop()!;
        let list: fs.Dirent[];
        try {
          list = fs.readdirSync(dir, { withFileTypes: true });
        } catch {
          continue;
        }
        for (const e of list) {
          if (++entries % ENTRIES_PER_TURN === 0) await turn();
          if (entries > MAX_BACKGROUND_ENTRIES) return { files: files.sort(), stopped: true };
          const p = path.join(dir, e.name);
          if (e.isDirectory()) {
            if (!SKIP_DIRS.has(e.name)) stack.push(p);
          } else if (isCandidate(p) && looksLikeRules(p)) {
            files.push(p);
            if (files.length >= MAX_BACKGROUND_FILES) return { files: files.sort(), stopped: true };
          }
        }
      }
    }
    return { files: files.sort(), stopped: false };
  }

  /** Checks one file that no open document holds and publishes its pair's findings; keeps nothing of it. */
  private async check(p: string): Promise<void> {
    const { service } = this.ctx;
    if (service.workspace.isOpen(p)) return;
    const uri = service.workspace.uriOf(p);
    await prepared(this.ctx, [uri]);
    if (isExcluded(service.workspace.configFor(p), p)) return;
    const a = service.analyze(uri);
    if (a.kind === 'none' && !isRequestsFile(p)) {
      if (this.published.has(p)) await this.clear(uri);
      return;
    }
    const { publish } = service.validate(uri);
    for (const t of publish) {
      const tp = uriToPath(t.uri);
      if (service.workspace.isOpen(tp)) continue;
      this.published.add(tp);
      await this.ctx.connection.sendDiagnostics({ uri: t.uri, diagnostics: t.diagnostics });
    }
    for (const q of [p, a.rulePath, a.requestsPath]) if (q) service.workspace.release(q);
  }
}
