import * as vscode from 'vscode';
import type { ListRequestsResult, RequestResultInfo, StatusParams } from '../../shared/protocol';
import type { ServerConnection } from '../server-connection';
import { resultMessage } from './messages';
import { testOutcome, type Outcome } from './outcome';

export type { Outcome } from './outcome';

const REQUESTS_GLOB = '**/*.requests.{json,jsonc}';

interface FileGroup {
  item: vscode.TestItem;
  requestsUri: vscode.Uri;
  /** pass/fail counts of the last run, so an edit that changes nothing does not start a new run. */
  lastCounts?: string;
}

/**
 * The Testing view: one test per stored request, grouped under the rule file it exercises. Results
 * come from the server (`rulelens/listRequests`), which evaluates against the open, possibly
 * unsaved, documents — so a run reflects what is on screen, not what is on disk.
 */
export class RequestTests implements vscode.Disposable {
  readonly controller = vscode.tests.createTestController('rulelens', 'RuleLens requests');
  private readonly groups = new Map<string, FileGroup>(); // key: requests file URI
  private readonly outcomes = new Map<string, Outcome>();
  private readonly disposables: vscode.Disposable[] = [];
  private readonly pending = new Map<string, NodeJS.Timeout>();

  constructor(private readonly server: ServerConnection) {
    this.controller.resolveHandler = async (item) => {
      if (!item) await this.discover();
    };
    this.controller.refreshHandler = () => this.discover();
    this.controller.createRunProfile('Run stored requests', vscode.TestRunProfileKind.Run, (req, token) => this.run(req, token, true), true);
    const watcher = vscode.workspace.createFileSystemWatcher(REQUESTS_GLOB);
    watcher.onDidCreate((uri) => void this.load(uri));
    watcher.onDidChange((uri) => void this.load(uri));
    watcher.onDidDelete((uri) => this.remove(uri));
    this.disposables.push(watcher, this.controller);
  }

  /** Last outcome per test id (`<requests file URI>#<name>`), for status displays and tests. */
  results(): Record<string, Outcome> {
    return Object.fromEntries(this.outcomes);
  }

  async discover(): Promise<void> {
    const files = await vscode.workspace.findFiles(REQUESTS_GLOB, '**/node_modules/**');
    await Promise.all(files.map((f) => this.load(f)));
  }

  /** Runs every stored request, as the Run button at the top of the Testing view does. */
  async runAll(): Promise<void> {
    await this.discover();
    await this.run(new vscode.TestRunRequest(), undefined, true);
  }

  /** A status from the server means a rule or requests file was re-checked: re-run its group if results moved. */
  onStatus(status: StatusParams): void {
    if (!status.dialect && status.requests === 0) return;
    clearTimeout(this.pending.get(status.uri));
    this.pending.set(status.uri, setTimeout(() => {
      this.pending.delete(status.uri);
      void this.refreshFor(vscode.Uri.parse(status.uri));
    }, 250));
  }

  private async refreshFor(uri: vscode.Uri): Promise<void> {
    let listing: ListRequestsResult;
    try {
      listing = await this.server.listRequests({ uri: uri.toString() });
    } catch {
      return;
    }
    if (!listing.requestsUri) return;
    const group = this.apply(vscode.Uri.parse(listing.requestsUri), listing);
    const counts = listing.requests.map((r) => `${r.name}:${r.pass}`).join('|');
    if (group && counts !== group.lastCounts) {
      await this.run(new vscode.TestRunRequest([group.item]), undefined, false, listing);
    }
  }

  private async load(requestsUri: vscode.Uri): Promise<ListRequestsResult | undefined> {
    try {
      const listing = await this.server.listRequests({ uri: requestsUri.toString() });
      this.apply(requestsUri, listing);
      return listing;
    } catch {
      return undefined;
    }
  }

  /** Builds or updates the tree for one requests file from a listing. */
  private apply(requestsUri: vscode.Uri, listing: ListRequestsResult): FileGroup | undefined {
    const key = requestsUri.toString();
    if (!listing.dialect && listing.requests.length === 0) {
      this.remove(requestsUri);
      return undefined;
    }
    const ruleUri = listing.ruleUri ? vscode.Uri.parse(listing.ruleUri) : requestsUri;
    let group = this.groups.get(key);
    if (!group || group.item.uri?.toString() !== ruleUri.toString()) {
      if (group) this.controller.items.delete(group.item.id);
      const item = this.controller.createTestItem(key, vscode.workspace.asRelativePath(ruleUri), ruleUri);
      group = { item, requestsUri };
      this.groups.set(key, group);
      this.controller.items.add(item);
    }
    group.item.description = listing.dialect ?? undefined;
    const children = listing.requests.map((r) => {
      const child = this.controller.createTestItem(`${key}#${r.name}`, r.name, requestsUri);
      child.range = new vscode.Range(r.line, 0, r.line, 0);
      child.description = r.expect ? `expect ${r.expect}` : r.decision ? `no expect · ${r.native ?? r.decision}` : undefined;
      return child;
    });
    group.item.children.replace(children);
    return group;
  }

  private remove(requestsUri: vscode.Uri): void {
    const group = this.groups.get(requestsUri.toString());
    if (!group) return;
    this.controller.items.delete(group.item.id);
    this.groups.delete(requestsUri.toString());
  }

  private async run(request: vscode.TestRunRequest, token: vscode.CancellationToken | undefined, persist: boolean, known?: ListRequestsResult): Promise<void> {
    if (this.groups.size === 0) await this.discover();
    const run = this.controller.createTestRun(request, persist ? undefined : 'RuleLens (after edit)', persist);
    try {
      for (const group of this.selected(request)) {
        if (token?.isCancellationRequested) break;
        const wanted = this.wantedNames(request, group);
        let listing = known;
        if (!listing) {
          group.item.children.forEach((c) => { if (!wanted || wanted.has(c.id)) run.started(c); });
          listing = await this.load(group.requestsUri);
        }
        if (!listing) {
          group.item.children.forEach((c) => run.errored(c, new vscode.TestMessage('The RuleLens language server did not answer.')));
          continue;
        }
        group.lastCounts = listing.requests.map((r) => `${r.name}:${r.pass}`).join('|');
        for (const info of listing.requests) {
          const child = group.item.children.get(`${group.requestsUri.toString()}#${info.name}`);
          if (!child || (wanted && !wanted.has(child.id))) continue;
          this.report(run, child, info);
        }
      }
    } finally {
      run.end();
    }
  }

  /**
   * One result, counted as `rulelens check` counts it (`info.outcome`): a request without `expect`
   * is skipped — it ran, nothing was compared — with its decision in the output, never a pass.
   */
  private report(run: vscode.TestRun, item: vscode.TestItem, info: RequestResultInfo): void {
    const outcome = testOutcome(info);
    if (outcome === 'passed') run.passed(item);
    else if (outcome === 'failed') run.failed(item, resultMessage(info, item));
    else if (outcome === 'errored') run.errored(item, resultMessage(info, item));
    else run.skipped(item);
    if (info.decision !== null) {
      const where = item.uri && item.range ? new vscode.Location(item.uri, item.range) : undefined;
      run.appendOutput(`${info.name}: ${info.native ?? info.decision}${info.expect ? ` (expect ${info.expect})` : ' (no expect: nothing compared)'} — ${info.detail}\r\n`, where, item);
    }
    this.outcomes.set(item.id, outcome);
  }

  private selected(request: vscode.TestRunRequest): FileGroup[] {
    const all = [...this.groups.values()];
    const chosen = request.include?.length
      ? all.filter((g) => request.include!.some((i) => i.id === g.item.id || i.parent?.id === g.item.id))
      : all;
    return chosen.filter((g) => !request.exclude?.some((e) => e.id === g.item.id));
  }

  /** Test ids to report within a group, or undefined for all of them. */
  private wantedNames(request: vscode.TestRunRequest, group: FileGroup): Set<string> | undefined {
    const picked = request.include?.filter((i) => i.parent?.id === group.item.id).map((i) => i.id);
    const whole = !request.include || request.include.some((i) => i.id === group.item.id);
    const excluded = new Set(request.exclude?.map((e) => e.id) ?? []);
    if (whole && excluded.size === 0) return undefined;
    const ids = whole ? [] : picked ?? [];
    if (whole) group.item.children.forEach((c) => ids.push(c.id));
    return new Set(ids.filter((id) => !excluded.has(id)));
  }

  dispose(): void {
    for (const t of this.pending.values()) clearTimeout(t);
    for (const d of this.disposables) d.dispose();
  }
}
