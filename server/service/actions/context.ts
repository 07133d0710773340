import type { Diagnostic, TextEdit } from 'vscode-languageserver';
import type { Rule, SourceText } from '../../../shared/model';
import type { ClientFeatures } from '../host';
import type { OffsetEdit } from '../json-edit';
import type { Analysis, Workspace } from '../workspace';
import type { DiagnosticData } from '../diagnostics';

/** Everything a quick fix needs: the document's analysis, the workspace, and the diagnostic. */
export interface FixContext {
  uri: string;
  analysis: Analysis;
  ws: Workspace;
  features: ClientFeatures;
}

/** @example toTextEdit(src, { start: 3, end: 9, text: '' }) */
export function toTextEdit(src: SourceText, e: OffsetEdit): TextEdit {
  return { range: src.range(e.start, e.end), newText: e.text };
}

export function dataOf(d: Diagnostic): DiagnosticData {
  return d.data && typeof d.data === 'object' ? (d.data as DiagnosticData) : {};
}

/**
 * The rule a diagnostic is about: its `data.rule` index, else the innermost rule under it.
 * @example ruleOf(ctx, diag)?.index // 2
 */
export function ruleOf(ctx: FixContext, d: Diagnostic, key: 'rule' | 'other' = 'rule'): Rule | undefined {
  const rules = ctx.analysis.report?.ruleSet?.rules ?? [];
  const i = dataOf(d)[key];
  if (typeof i === 'number') return rules[i];
  if (key !== 'rule') return undefined;
  const p = d.range.start;
  return rules.find((r) => r.range.start.line <= p.line && r.range.end.line >= p.line && (r.range.start.line < p.line || r.range.start.character <= p.character));
}
