import * as vscode from 'vscode';
import { COMMANDS, type StatusParams } from '../shared/protocol';
import { documentSelector } from './selector';
import { describeRequests, statusText } from './status-text';

/**
 * The language status item beside the language mode: which dialect the server recognised in the
 * active file and how its stored requests fare. Statuses arrive for any document, so they are kept
 * per URI and the item follows the active editor.
 */
export class RuleStatus implements vscode.Disposable {
  private readonly item: vscode.LanguageStatusItem;
  private readonly byUri = new Map<string, StatusParams>();
  private readonly disposables: vscode.Disposable[] = [];
  private readonly changed = new vscode.EventEmitter<StatusParams>();
  /** Fires for each status the server sends, after the item is updated. */
  readonly onDidChange = this.changed.event;

  constructor() {
    this.item = vscode.languages.createLanguageStatusItem('rulelens.status', documentSelector);
    this.item.name = 'RuleLens';
    this.item.command = { command: COMMANDS.showOutput, title: 'Show output', tooltip: 'Open the RuleLens output' };
    this.disposables.push(vscode.window.onDidChangeActiveTextEditor(() => this.render()), this.changed);
    this.render();
  }

  update(status: StatusParams): void {
    this.byUri.set(status.uri, status);
    this.render();
    this.changed.fire(status);
  }

  /** The item's text as shown now. */
  get text(): string {
    return this.item.text;
  }

  get(uri: string): StatusParams | undefined {
    return this.byUri.get(uri);
  }

  private render(): void {
    const uri = vscode.window.activeTextEditor?.document.uri.toString();
    const status = uri ? this.byUri.get(uri) : undefined;
    if (!status || !status.dialect) {
      this.item.busy = false;
      this.item.text = 'RuleLens';
      this.item.detail = status ? 'no rules recognised' : 'waiting for the language server';
      this.item.severity = vscode.LanguageStatusSeverity.Information;
      return;
    }
    this.item.text = statusText(status);
    const detail = status.summary ?? describeRequests(status);
    this.item.detail = status.checking ? `${detail} (last finished check)` : detail;
    this.item.busy = status.checking !== undefined;
    this.item.severity = status.failed > 0 || (status.invalid ?? 0) > 0 ? vscode.LanguageStatusSeverity.Error : vscode.LanguageStatusSeverity.Information;
  }

  dispose(): void {
    this.item.dispose();
    for (const d of this.disposables) d.dispose();
  }
}
