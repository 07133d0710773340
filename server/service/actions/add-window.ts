import { CodeActionKind, type CodeAction, type Diagnostic, type Position, type TextEdit } from 'vscode-languageserver';
import { findNodeAtOffset, type Node } from 'jsonc-parser';
import { insertProperty, parseRoot } from '../json-edit';
import { dataOf, toTextEdit, type FixContext } from './context';

export const WINDOW_MINUTES = 30;

function isPosition(v: unknown): v is Position {
  return !!v && typeof v === 'object' && typeof (v as Position).line === 'number' && typeof (v as Position).character === 'number';
}

/** The `if_path` object a finding points into: the value of an `if_path` key at or around it. */
function ifPathObject(root: Node, offset: number): Node | undefined {
  let n: Node | undefined = findNodeAtOffset(root, offset, true);
  for (; n; n = n.parent) {
    if (n.type === 'property' && n.children?.[0]?.value === 'if_path' && n.children[1]?.type === 'object') return n.children[1];
    if (n.type === 'object') {
      const p = n.children?.find((c) => c.children?.[0]?.value === 'if_path' && c.children[1]?.type === 'object');
      if (p) return p.children![1];
    }
  }
  return undefined;
}

/**
 * Bounds the taint of a history rule: adds `"within_minutes": 30` to its `if_path`. Uses the
 * finding's insertion point when it carries one, else finds the `if_path` object.
 * @example addWindowAction(ctx, unwindowedDiagnostic)?.title // 'Add "within_minutes": 30'
 */
export function addWindowAction(ctx: FixContext, d: Diagnostic): CodeAction | undefined {
  const rs = ctx.analysis.report?.ruleSet;
  if (!rs) return undefined;
  const text = rs.source.text;
  const data = dataOf(d);
  let edit: TextEdit | undefined;
  const raw = data.insertAt ?? data.insertion;
  const at = typeof raw === 'number' ? rs.source.positionAt(raw) : raw;
  if (isPosition(at)) edit = { range: { start: at, end: at }, newText: typeof data.insertText === 'string' ? data.insertText : `, "within_minutes": ${WINDOW_MINUTES}` };
  else {
    const root = parseRoot(text);
    const obj = root && ifPathObject(root, rs.source.offsetAt(d.range.start));
    if (!obj || obj.children?.some((c) => c.children?.[0]?.value === 'within_minutes')) return undefined;
    edit = toTextEdit(rs.source, insertProperty(obj, text, 'within_minutes', String(WINDOW_MINUTES)));
  }
  return {
    title: `Add "within_minutes": ${WINDOW_MINUTES}`,
    kind: CodeActionKind.QuickFix,
    diagnostics: [d],
    isPreferred: true,
    edit: { changes: { [ctx.uri]: [edit] } },
  };
}
