import * as vscode from 'vscode';

/**
 * `rulelens.showDocumentation`: a lint's page (`docs/lints/<id>.md`) shipped with the extension,
 * rendered as Markdown. Accepts the lint id or `{code}` (diagnostic lenses and quick fixes).
 */
export async function showDocumentation(extensionUri: vscode.Uri, arg: unknown): Promise<void> {
  const code = typeof arg === 'string' ? arg : arg && typeof arg === 'object' && 'code' in arg ? String((arg as { code: unknown }).code) : undefined;
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

interface Flip {
  name?: string;
  subject?: string;
  before?: string;
  after?: string;
}

/**
 * `rulelens.showFlips`: decisions that change between two versions of a rule file, as the server
 * computed them. Rendered as a read-only Markdown document so it can be copied into a review.
 */
export async function showFlips(arg: unknown): Promise<void> {
  const a = (arg && typeof arg === 'object' ? arg : {}) as { markdown?: unknown; flips?: unknown; title?: unknown };
  let text: string;
  if (typeof a.markdown === 'string') text = a.markdown;
  else if (Array.isArray(a.flips)) {
    const lines = (a.flips as Array<Flip | string>).map((f) =>
      typeof f === 'string' ? `- ${f}` : `- ${f.name ?? f.subject ?? 'request'}: **${f.before ?? '?'} → ${f.after ?? '?'}**`);
    text = `# ${typeof a.title === 'string' ? a.title : 'Decisions that flip'}\n\n${lines.join('\n') || 'No decision flips.'}\n`;
  } else text = '# Decisions that flip\n\nNo flips were given.\n';
  const doc = await vscode.workspace.openTextDocument({ language: 'markdown', content: text });
  await vscode.window.showTextDocument(doc, { preview: true, viewColumn: vscode.ViewColumn.Beside });
}
