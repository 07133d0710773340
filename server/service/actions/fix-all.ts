import { CodeActionKind, type AnnotatedTextEdit, type ChangeAnnotation, type CodeAction, type Diagnostic, type TextEdit } from 'vscode-languageserver';
import { addWindowAction } from './add-window';
import { provedFixAction } from './apply-fix';
import { dataOf, ruleOf, type FixContext } from './context';
import { isRemovable, removeRuleAction } from './remove-rule';

/**
 * The fix that changes one finding's own rule and nothing else, when there is one: the lint's
 * proved edit, the taint window, or removing a rule that decides nothing (never a deny: removing
 * one makes the warning go away while what it protects stays open). Moves and new stored requests
 * are left out: their edits depend on each other.
 */
export function mechanicalFix(ctx: FixContext, d: Diagnostic): CodeAction | undefined {
  const code = String(d.code ?? '');
  if (code === 'unwindowed-taint') return addWindowAction(ctx, d);
  const proved = provedFixAction(ctx, d);
  if (proved) return proved;
  if (isRemovable(code, dataOf(d)) && ruleOf(ctx, d)?.decision !== 'deny') return removeRuleAction(ctx, d);
  return undefined;
}

interface Planned {
  title: string;
  edits: TextEdit[];
  start: number;
  end: number;
}

/**
 * "Fix all N <lint> findings in this file": every finding of the lint whose own fix applies,
 * combined. Fixes whose edits touch each other are left for a second run, and the title says so.
 * Each change is annotated with its single fix's title and needs confirmation, so the editor lists
 * them before applying any. Offered when two or more findings can be fixed.
 * @example fixAllAction(ctx, 'dead-rule', diagnostics)?.title // 'Fix all 3 dead-rule findings in this file'
 */
export function fixAllAction(ctx: FixContext, code: string, all: readonly Diagnostic[]): CodeAction | undefined {
  const rs = ctx.analysis.report?.ruleSet;
  if (!rs) return undefined;
  const mine = all.filter((d) => String(d.code) === code);
  const planned: Planned[] = [];
  for (const d of mine) {
    const fix = mechanicalFix(ctx, d);
    const edits = fix?.edit?.changes?.[ctx.uri];
    if (!fix || !edits?.length || Object.keys(fix.edit!.changes!).length !== 1) continue;
    const offsets = edits.flatMap((e) => [rs.source.offsetAt(e.range.start), rs.source.offsetAt(e.range.end)]);
    planned.push({ title: fix.title, edits, start: Math.min(...offsets), end: Math.max(...offsets) });
  }
  planned.sort((a, b) => a.start - b.start);
  const chosen: Planned[] = [];
  for (const p of planned) {
    const prev = chosen[chosen.length - 1];
    // Overlapping edits (a removal taking the comma the next one needs) and two inserts at one
    // place wait for another run; edits that only touch apply together.
    if (prev && (p.start < prev.end || (p.start === p.end && prev.start === prev.end && p.start === prev.start))) continue;
    chosen.push(p);
  }
  if (chosen.length < 2) return undefined;
  const left = mine.length - chosen.length;
  const title = left ? `Fix ${chosen.length} of ${mine.length} ${code} findings in this file (run it again for the rest)` : `Fix all ${chosen.length} ${code} findings in this file`;
  const diagnostics = mine.filter((d) => planned.some((p) => p.title === mechanicalFix(ctx, d)?.title));
  if (!ctx.features.changeAnnotations) return { title, kind: CodeActionKind.QuickFix, diagnostics, edit: { changes: { [ctx.uri]: chosen.flatMap((p) => p.edits) } } };
  const changeAnnotations: Record<string, ChangeAnnotation> = {};
  const edits: AnnotatedTextEdit[] = chosen.flatMap((p, i) => {
    const id = `rulelens-fix-all-${i}`;
    changeAnnotations[id] = { label: p.title, needsConfirmation: true, description: title };
    return p.edits.map((e) => ({ ...e, annotationId: id }));
  });
  return { title, kind: CodeActionKind.QuickFix, diagnostics, edit: { documentChanges: [{ textDocument: { uri: ctx.uri, version: ctx.ws.version(ctx.uri) ?? null }, edits }], changeAnnotations } };
}
