import { randomBytes } from 'crypto';
import * as vscode from 'vscode';
import type { EvaluateResult, RequestResultInfo } from '../../shared/protocol';
import { renderTracePage } from './trace-html';

/** What the view shows: the result plus where it came from, so it can be saved or revealed. */
export interface TraceSubject {
  ruleUri: vscode.Uri;
  /** A typed request (can be saved) or the name of a stored one (already saved). */
  request?: Record<string, unknown>;
  requestName?: string;
  /** For a stored request: its expectation and whether it is met. */
  stored?: RequestResultInfo;
  result: EvaluateResult;
}

export interface TraceViewState {
  title: string;
  subject: TraceSubject;
  html: string;
  canSave: boolean;
}

/**
 * The single trace panel. It is reused rather than stacked: evaluating again replaces what it
 * shows, which is what a person iterating on one rule file wants.
 */
export class TraceView implements vscode.Disposable {
  private panel: vscode.WebviewPanel | undefined;
  private current: TraceViewState | undefined;

  constructor(private readonly onSave: (subject: TraceSubject) => Promise<void>) {}

  /** The state last rendered, for tests and for the save action. */
  get state(): TraceViewState | undefined {
    return this.current;
  }

  show(subject: TraceSubject): TraceViewState {
    const file = subject.ruleUri.path.split('/').pop() ?? 'rules';
    const title = `Trace: ${subject.requestName ?? 'request'} — ${file}`;
    if (!this.panel) {
      this.panel = vscode.window.createWebviewPanel('rulelens.trace', title, { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true }, {
        enableScripts: true,
        localResourceRoots: [],
        retainContextWhenHidden: false,
      });
      this.panel.onDidDispose(() => {
        this.panel = undefined;
        this.current = undefined;
      });
      this.panel.webview.onDidReceiveMessage((m: { type?: string; line?: number }) => this.receive(m));
    }
    const canSave = !subject.requestName && !!subject.request;
    const html = renderTracePage({
      title,
      subtitle: subject.requestName ?? JSON.stringify(subject.request ?? {}),
      result: subject.result,
      expectation: subject.stored?.expect ? { expect: subject.stored.expect, pass: subject.stored.pass } : undefined,
      canSave,
      cspSource: this.panel.webview.cspSource,
      nonce: randomBytes(16).toString('base64'),
    });
    this.panel.title = title;
    this.panel.webview.html = html;
    this.panel.reveal(undefined, true);
    this.current = { title, subject, html, canSave };
    return this.current;
  }

  private async receive(m: { type?: string; line?: number }): Promise<void> {
    const subject = this.current?.subject;
    if (!subject) return;
    if (m.type === 'save') {
      try {
        await this.onSave(subject);
      } catch (e) {
        void vscode.window.showErrorMessage(`RuleLens: ${(e as Error).message}`);
      }
    } else if (m.type === 'reveal' && typeof m.line === 'number') {
      const pos = new vscode.Position(m.line, 0);
      await vscode.window.showTextDocument(subject.ruleUri, { viewColumn: vscode.ViewColumn.One, selection: new vscode.Range(pos, pos) });
    }
  }

  dispose(): void {
    this.panel?.dispose();
  }
}
