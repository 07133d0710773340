import { DiagnosticSeverity, DiagnosticTag, type Diagnostic } from 'vscode-languageserver';
import type { Finding, Severity } from '../../shared/model';
import { ALL_FEATURES, type ClientFeatures } from './host';
import { pathToUri } from './uri';

export const SOURCE = 'rulelens';

const SEVERITY: Record<Severity, DiagnosticSeverity> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  information: DiagnosticSeverity.Information,
  hint: DiagnosticSeverity.Hint,
};

/** What a diagnostic carries back to code actions: the finding's payload plus its witness. */
export interface DiagnosticData extends Record<string, unknown> {
  witness?: string;
  rule?: number;
}

/**
 * One engine finding as an LSP diagnostic. `uri` is the document the finding is on (related
 * information without a path points there); `docsBase` + `<code>.md` is the lint's page.
 * @example toDiagnostic(finding, 'file:///ws/opencode.json', 'https://x/docs/lints/').code // 'dead-rule'
 */
export function toDiagnostic(f: Finding, uri: string, docsBase: string | undefined, features: ClientFeatures = ALL_FEATURES): Diagnostic {
  const d: Diagnostic = { range: f.range, severity: SEVERITY[f.severity] ?? DiagnosticSeverity.Warning, code: f.code, source: SOURCE, message: f.message };
  let message = f.message;
  if (docsBase && features.codeDescription) d.codeDescription = { href: `${docsBase}${encodeURIComponent(f.code)}.md` };
  if (f.related?.length) {
    if (features.relatedInformation) {
      d.relatedInformation = f.related.map((r) => ({ location: { uri: r.path ? pathToUri(r.path) : uri, range: r.range }, message: r.message }));
    } else {
      // Without related information the other rule would vanish; name it in the message instead.
      message += ` (${f.related.map((r) => `${r.message}, line ${r.range.start.line + 1}`).join('; ')})`;
      d.message = message;
    }
  }
  if (f.unnecessary) d.tags = [DiagnosticTag.Unnecessary];
  const data: DiagnosticData = { ...(f.data ?? {}) };
  if (f.witness !== undefined) data.witness = f.witness;
  if (Object.keys(data).length) d.data = data;
  return d;
}
