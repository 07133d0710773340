import { CodeActionKind, type CodeAction, type Diagnostic } from 'vscode-languageserver';
import { nodeForRange, parseRoot, removeElement } from '../json-edit';
import { ruleOf, toTextEdit, type FixContext } from './context';

/** Lints whose rule can go without changing any decision. */
export const REMOVABLE = new Set(['dead-rule', 'duplicate-rule', 'never-matches']);

/**
 * "Remove rule N": deletes the rule that decides nothing, with its separating comma. For a
 * duplicate the earlier copy goes (under last match it is the one that never decides). Only a
 * rule that is a whole list element or property is offered (a V1 shorthand string is not).
 * @example removeRuleAction(ctx, deadRuleDiagnostic)?.title // 'Remove rule 2 (edit docs/* allow)'
 */
/** Whether a diagnostic asks for the rule's removal: a removable lint, or a finding that says so. */
export function isRemovable(code: string, data: Record<string, unknown>): boolean {
  return REMOVABLE.has(code) || data.fix === 'remove-rule';
}

export function removeRuleAction(ctx: FixContext, d: Diagnostic): CodeAction | undefined {
  const rs = ctx.analysis.report?.ruleSet;
  if (!rs) return undefined;
  const rule = d.code === 'duplicate-rule' ? ruleOf(ctx, d, 'other') ?? ruleOf(ctx, d) : ruleOf(ctx, d);
  if (!rule) return undefined;
  const root = parseRoot(rs.source.text);
  const node = root && nodeForRange(root, rs.source, rule.range);
  const edit = node && removeElement(node, rs.source.text);
  if (!edit) return undefined;
  return {
    title: `Remove rule ${rule.index + 1} (${rule.label})`,
    kind: CodeActionKind.QuickFix,
    diagnostics: [d],
    isPreferred: d.code === 'dead-rule',
    edit: { changes: { [ctx.uri]: [toTextEdit(rs.source, edit)] } },
  };
}
