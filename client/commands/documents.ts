import * as vscode from 'vscode';

/**
 * `rulelens.showDocumentation`: a lint's page (`docs/lints/<id>.md`) shipped with the extension,
 * rendered as Markdown. Accepts the lint id or `{code}` (diagnostic lenses and quick fixes).
 */
export async function showDocumentation(extensionUri: vscode.Uri, arg: unknown): Promise<void> {
  const code = typeof arg === 'string' ? arg : arg && typeof arg === 'object' && 'code' in arg ? String(arg.code) : undefined;
  if (!code || !/^[a-z0-9-]+$/.test(code)) {
    void vscode.window.showWarningMessage('RuleLens: no lint id given.');
    return;
  }
  const page = vscode.Uri.joinPath(extensionUri, 'docs', 'lints', `${code}.md`);
  try {
    await vscode.workspace.fs.stat(page);
  } catch {
    void vscode.window.showWarningMessage(`RuleLens: there is no documentation page for "${code}".`);
    return;
  }
  await vscode.commands.executeCommand('markdown.showPreview', page);
}

/** Scheme of the read-only pages `rulelens.showFlips` opens. */
export const FLIPS_SCHEME = 'rulelens-flips';

/**
 * `rulelens.showFlips`: the decisions that change between a rule file and its git base, as the
 * server rendered them (`ShowFlipsArgs`). Shown as a read-only Markdown preview beside the editor,
 * so it can be read as a review and copied from, without an untitled buffer asking to be saved.
 */
export class FlipPages implements vscode.TextDocumentContentProvider {
  private readonly pages = new Map<string, string>();
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.pages.get(uri.toString()) ?? '# Decisions that flip\n\nThis page is no longer available.\n';
  }

  async show(arg: unknown): Promise<void> {
    const a = (arg && typeof arg === 'object' ? arg : {}) as { uri?: unknown; markdown?: unknown };
    const text = typeof a.markdown === 'string' ? a.markdown : '# Decisions that flip\n\nNo flips were given.\n';
    const name = typeof a.uri === 'string' ? vscode.Uri.parse(a.uri).path.split('/').pop() : undefined;
    // One page per rule file, refreshed in place when the lens is clicked again.
    const page = vscode.Uri.from({ scheme: FLIPS_SCHEME, path: `/${name ?? 'rules'} flips.md` });
    this.pages.set(page.toString(), text);
    this.changed.fire(page);
    try {
      await vscode.commands.executeCommand('markdown.showPreviewToSide', page);
    } catch {
      // Without the built-in Markdown extension the page is still readable as text.
      const doc = await vscode.workspace.openTextDocument(page);
      await vscode.window.showTextDocument(doc, { preview: true, viewColumn: vscode.ViewColumn.Beside });
    }
  }

  dispose(): void {
    this.changed.dispose();
  }
}
