/** Language ids whose syntax VS Code's own JSON language service checks (and reports) already. */
export const JSON_LANGUAGES: readonly string[] = ['json', 'jsonc'];

/** The parts of a diagnostic the filter reads (vscode.Diagnostic, or an LSP one). */
export interface DiagnosticLike {
  code?: string | number | { value: string | number; target: unknown };
  data?: unknown;
}

/**
 * Drops RuleLens's own JSON syntax errors where VS Code's JSON language service reports the same
 * error (a json/jsonc document, validation on), so each error shows once. YAML documents, and JSON
 * when that validation is off, keep ours.
 * @example withoutEditorSyntaxErrors(diags, 'json', true) // diags less the `data.syntax` ones
 */
export function withoutEditorSyntaxErrors<D extends DiagnosticLike>(diagnostics: readonly D[], languageId: string | undefined, editorValidates: boolean): D[] {
  if (!editorValidates || !languageId || !JSON_LANGUAGES.includes(languageId)) return [...diagnostics];
  return diagnostics.filter((d) => (d.data as { syntax?: unknown } | undefined)?.syntax !== true);
}

/**
 * A command link opening a lint's page rendered (`rulelens.showDocumentation`), for a diagnostic
 * whose code link points at the raw Markdown page shipped in `docs/lints/`.
 * @example renderedDocsLink('file:///ext/docs/lints/dead-rule.md') // 'command:rulelens.showDocumentation?%5B%22dead-rule%22%5D'
 */
export function renderedDocsLink(href: string): string | undefined {
  const m = /^file:\/\/.*\/docs\/lints\/([a-z0-9-]+)\.md$/.exec(href);
  return m ? `command:rulelens.showDocumentation?${encodeURIComponent(JSON.stringify([m[1]]))}` : undefined;
}
