import * as vscode from 'vscode';
import type { EvaluateResult, ListRequestsResult, RequestResultInfo } from '../../shared/protocol';
import type { RequestInputHelp } from '../../shared/requests/input';
import { requestFields, requestTemplate, validateRequestText } from '../requests/request-input';
import type { ServerConnection } from '../server-connection';
import type { TraceView } from '../views/trace-view';
import { resolveTarget, type EvaluateTarget } from './target';

type Pick = vscode.QuickPickItem & { request?: RequestResultInfo; enter?: boolean };

/**
 * `RuleLens: Evaluate Request…` and `rulelens.showTrace`. Both return the EvaluateResult so callers
 * (tests, other extensions) can read the verdict without scraping the view.
 */
export class EvaluateCommands {
  constructor(private readonly server: ServerConnection, private readonly view: TraceView) {}

  /** Palette entry: asks which request, unless the arguments already say. */
  async evaluateRequest(arg?: unknown): Promise<EvaluateResult | undefined> {
    const target = resolveTarget(arg);
    if (!target) {
      void vscode.window.showWarningMessage('RuleLens: open a rule file or a requests file first.');
      return undefined;
    }
    if (target.requestName || target.request) return this.showTrace(target);
    const listing = await this.server.listRequests({ uri: target.uri.toString() });
    if (!listing.dialect) {
      void vscode.window.showWarningMessage(`RuleLens: ${vscode.workspace.asRelativePath(target.uri)} is not a rule file RuleLens recognises.`);
      return undefined;
    }
    const chosen = await this.pick(listing);
    if (!chosen) return undefined;
    const ruleUri = listing.ruleUri ? vscode.Uri.parse(listing.ruleUri) : target.uri;
    if (chosen.request) return this.showTrace({ uri: ruleUri, requestName: chosen.request.name });
    const request = await this.askForRequest(listing.dialect, listing.input);
    return request ? this.showTrace({ uri: ruleUri, request }) : undefined;
  }

  /** Code lens entry: `{uri, requestName}` or `{uri, request}`. */
  async showTrace(arg: unknown): Promise<EvaluateResult | undefined> {
    const target = resolveTarget(arg);
    if (!target || (!target.requestName && !target.request)) {
      void vscode.window.showWarningMessage('RuleLens: showTrace needs a rule file and a request.');
      return undefined;
    }
    const [result, stored] = await Promise.all([this.evaluate(target), this.storedInfo(target)]);
    this.view.show({ ruleUri: target.uri, request: target.request, requestName: target.requestName, stored, result });
    return result;
  }

  private async evaluate(t: EvaluateTarget): Promise<EvaluateResult> {
    try {
      return await this.server.evaluate({
        uri: t.uri.toString(),
        ...(t.requestName ? { requestName: t.requestName } : { request: t.request }),
      });
    } catch (e) {
      return { ok: false, error: (e as Error).message };
    }
  }

  /** The stored request's expectation, so the view can say whether it is met. */
  private async storedInfo(t: EvaluateTarget): Promise<RequestResultInfo | undefined> {
    if (!t.requestName) return undefined;
    try {
      return (await this.server.listRequests({ uri: t.uri.toString() })).requests.find((r) => r.name === t.requestName);
    } catch {
      return undefined;
    }
  }

  private async pick(listing: ListRequestsResult): Promise<Pick | undefined> {
    const items: Pick[] = [
      { label: '$(edit) Enter a request…', detail: `Type a request as JSON (${listing.dialect})`, enter: true, alwaysShow: true },
    ];
    if (listing.requests.length) items.push({ label: 'Stored requests', kind: vscode.QuickPickItemKind.Separator });
    for (const r of listing.requests) {
      const icon = r.pass === true ? '$(pass)' : r.pass === false ? '$(error)' : '$(circle-outline)';
      const outcome = r.decision ?? 'not run';
      items.push({
        label: `${icon} ${r.name}`,
        description: r.expect ? `expect ${r.expect} → ${outcome}` : outcome,
        detail: r.detail,
        request: r,
      });
    }
    return vscode.window.showQuickPick(items, {
      title: 'RuleLens: Evaluate Request',
      placeHolder: listing.requests.length ? 'Pick a stored request, or enter one' : 'No stored requests yet: enter one',
      matchOnDescription: true,
      matchOnDetail: true,
    });
  }

  private async askForRequest(dialect: string | null, input: RequestInputHelp | null | undefined): Promise<Record<string, unknown> | undefined> {
    const text = await vscode.window.showInputBox({
      title: `RuleLens: Enter a request (${dialect ?? 'unknown dialect'})`,
      prompt: 'The request as JSON, in the stored-request form (name and expect are not needed)',
      value: requestTemplate(input),
      ignoreFocusOut: true,
      validateInput: (v) => validateRequestText(input, v),
    });
    return text === undefined ? undefined : requestFields(JSON.parse(text) as Record<string, unknown>);
  }
}
