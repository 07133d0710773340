import { CodeActionKind, type CodeAction, type Diagnostic } from 'vscode-languageserver';
import { dataOf, toTextEdit, type FixContext } from './context';

interface ProvedFix {
  title: string;
  edits: Array<{ start: number; end: number; text: string }>;
}

function isProvedFix(x: unknown): x is ProvedFix {
  const f = x as ProvedFix;
  return !!f && typeof f.title === 'string' && Array.isArray(f.edits) && f.edits.every((e) => typeof e?.start === 'number' && typeof e.end === 'number' && typeof e.text === 'string');
}

/**
 * The fix a lint computed and proved through the evaluator (`data.quickFix`: a title and offset
 * edits of the analysed text), e.g. the missing deny spellings of `deny-narrower-than-it-looks`.
 * @example provedFixAction(ctx, narrowDenyDiagnostic)?.title // 'Add 3 deny rules for the other spellings ("Bash(rm -fr *)", …)'
 */
export function provedFixAction(ctx: FixContext, d: Diagnostic): CodeAction | undefined {
  const fix = dataOf(d).quickFix;
  const rs = ctx.analysis.report?.ruleSet;
  if (!rs || !isProvedFix(fix)) return undefined;
  const text = rs.source.text;
  if (fix.edits.some((e) => e.start < 0 || e.end > text.length || e.start > e.end)) return undefined;
  return {
    title: fix.title,
    kind: CodeActionKind.QuickFix,
    diagnostics: [d],
    edit: { changes: { [ctx.uri]: fix.edits.map((e) => toTextEdit(rs.source, e)) } },
  };
}
