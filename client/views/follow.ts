import * as vscode from 'vscode';
import type { ListRequestsResult } from '../../shared/protocol';
import type { TraceSubject } from './trace-view';

/** Edits come in bursts while typing: the view re-evaluates once they pause this long. */
export const FOLLOW_DELAY_MS = 300;

/** What the open trace view should show next, or undefined to leave it as it is. */
export interface FollowTarget {
  uri: vscode.Uri;
  requestName?: string;
  request?: Record<string, unknown>;
}

/**
 * Where the trace view goes when the active editor shows another rule or requests file: the same
 * stored request (by name) when that file has one, else the same typed request when the file is
 * of the same dialect. Anything else stays put: a trace of one file is never shown for another.
 * @example followTarget(shown, listing) // { uri: listing.ruleUri, requestName: 'B: a protected path' }
 */
export function followTarget(shown: TraceSubject, listing: ListRequestsResult, shownDialect: string | null): FollowTarget | undefined {
  if (!listing.dialect || !listing.ruleUri) return undefined;
  const uri = vscode.Uri.parse(listing.ruleUri);
  if (uri.toString() === shown.ruleUri.toString()) return undefined;
  if (shown.requestName && listing.requests.some((r) => r.name === shown.requestName)) return { uri, requestName: shown.requestName };
  if (shown.request && listing.dialect === shownDialect) return { uri, request: shown.request };
  return undefined;
}

/**
 * Keeps the trace view in step with the editor: it re-evaluates when the file it shows (or that
 * file's requests) is edited, and moves to the file in the active editor when that file can answer
 * the same request.
 */
export class TraceFollower implements vscode.Disposable {
  private readonly subscriptions: vscode.Disposable[] = [];
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly shown: () => TraceSubject | undefined,
    private readonly list: (uri: vscode.Uri) => Promise<ListRequestsResult | undefined>,
    private readonly show: (target: FollowTarget) => Promise<unknown>,
  ) {
    this.subscriptions.push(
      vscode.window.onDidChangeActiveTextEditor((e) => e && this.schedule(() => this.follow(e.document.uri))),
      vscode.workspace.onDidChangeTextDocument((e) => this.onEdit(e.document.uri)),
    );
  }

  private schedule(job: () => Promise<void>): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void job().catch(() => undefined), FOLLOW_DELAY_MS);
  }

  private onEdit(uri: vscode.Uri): void {
    const s = this.shown();
    if (!s) return;
    const requests = s.ruleUri.toString().replace(/\.(?:jsonc?|ya?ml)$/, '.requests.json');
    if (uri.toString() !== s.ruleUri.toString() && uri.toString() !== requests) return;
    this.schedule(async () => {
      const now = this.shown();
      if (now) await this.show({ uri: now.ruleUri, requestName: now.requestName, request: now.request });
    });
  }

  private async follow(uri: vscode.Uri): Promise<void> {
    const s = this.shown();
    if (!s || uri.scheme !== 'file') return;
    const listing = await this.list(uri);
    const next = listing && followTarget(s, listing, s.result.dialect ?? null);
    if (next) await this.show(next);
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    for (const d of this.subscriptions) d.dispose();
  }
}
