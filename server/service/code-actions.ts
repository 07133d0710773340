import type { CodeAction, Diagnostic, Range } from 'vscode-languageserver';
import { addRequestAction } from './actions/add-request';
import { addWindowAction } from './actions/add-window';
import type { FixContext } from './actions/context';
import { moveDenyAction, MOVABLE } from './actions/move-deny';
import { isRemovable, removeRuleAction } from './actions/remove-rule';
import { dataOf } from './actions/context';
import { showDocsAction } from './actions/show-docs';
import { tightenFromHistoryAction } from './actions/tighten-history';
import { SOURCE } from './diagnostics';

function overlaps(a: Range, b: Range): boolean {
  const before = (p: Range['start'], q: Range['start']) => p.line < q.line || (p.line === q.line && p.character < q.character);
  return !before(a.end, b.start) && !before(b.end, a.start);
}

/**
 * Quick fixes for the RuleLens diagnostics in a range. The client's diagnostics are used when it
 * sends them (they carry `data` from publication); otherwise the current ones for the range.
 * @example codeActionsFor(ctx, range, [deadRule]).map((a) => a.title) // ['Remove rule 2 (…)', 'Show documentation for dead-rule']
 */
export function codeActionsFor(ctx: FixContext, range: Range, given: readonly Diagnostic[], current: () => Diagnostic[]): CodeAction[] {
  const ours = given.filter((d) => d.source === SOURCE);
  const diags = ours.length ? ours : current().filter((d) => overlaps(d.range, range));
  const out: CodeAction[] = [];
  const docs = new Set<string>();
  for (const d of diags) {
    const code = String(d.code ?? '');
    const fixes: Array<CodeAction | undefined> = [];
    // Rule fixes edit the rule file: they only make sense on diagnostics shown there.
    if (ctx.analysis.kind === 'rules') {
      if (code === 'unwindowed-taint') fixes.push(addWindowAction(ctx, d));
      if (isRemovable(code, dataOf(d))) fixes.push(removeRuleAction(ctx, d));
      if (MOVABLE.has(code)) fixes.push(moveDenyAction(ctx, d));
      fixes.push(addRequestAction(ctx, d));
    }
    for (const f of fixes) if (f) out.push(f);
    if (code && !docs.has(code)) {
      docs.add(code);
      out.push(showDocsAction(d));
    }
  }
  // Not tied to a diagnostic: offered on any broad allow when a history is configured.
  if (ctx.analysis.kind === 'rules') {
    const t = tightenFromHistoryAction(ctx, range);
    if (t) out.push(t);
  }
  return out;
}
