import { CodeActionKind, type CodeAction, type Diagnostic } from 'vscode-languageserver';
import { COMMANDS } from '../../../shared/protocol';

/**
 * "Show documentation for <lint>": the client opens docs/lints/<id>.md.
 * @example showDocsAction(diag).command?.arguments // ['dead-rule']
 */
export function showDocsAction(d: Diagnostic): CodeAction {
  const id = String(d.code);
  return { title: `Show documentation for ${id}`, kind: CodeActionKind.QuickFix, diagnostics: [d], command: { title: `Show documentation for ${id}`, command: COMMANDS.showDocumentation, arguments: [id] } };
}
