import type { CodeAction, Diagnostic, Range } from 'vscode-languageserver';
import { addRequestAction } from './actions/add-request';
import { addWindowAction } from './actions/add-window';
import { provedFixAction } from './actions/apply-fix';
import type { FixContext } from './actions/context';
import { moveDenyAction, MOVABLE } from './actions/move-deny';
import { isRemovable, removeRuleAction } from './actions/remove-rule';
import { dataOf, ruleOf } from './actions/context';
import { showDocsAction } from './actions/show-docs';
import { tightenFromHistoryActions } from './actions/tighten-history';
import { fixAllAction } from './actions/fix-all';
import { suppressActions } from './actions/suppress';
import { SOURCE } from './diagnostics';
import { Deadline } from '../../shared/analysis/budget';
import { FIXES_WAIT } from '../../shared/protocol';

/**
 * CPU time one code-action request may spend on fixes (a fix re-parses the file or re-runs its
 * stored requests): past it, the remaining diagnostics get no fixes and a note says so.
 */
export const CODE_ACTIONS_MS = 150;

/** The title of the note that ends a list cut short by `CODE_ACTIONS_MS`. */
export const MORE_FIXES = 'More fixes not computed (time limit)';

function overlaps(a: Range, b: Range): boolean {
  const before = (p: Range['start'], q: Range['start']) => p.line < q.line || (p.line === q.line && p.character < q.character);
  return !before(a.end, b.start) && !before(b.end, a.start);
}

export { FIXES_WAIT };

const sameRange = (a: Range, b: Range) => a.start.line === b.start.line && a.start.character === b.start.character && a.end.line === b.end.line && a.end.character === b.end.character;

/** For each diagnostic the client sent, the analysis's own with its lint and range (each used once); the rest are left out. */
function matching(sent: readonly Diagnostic[], own: readonly Diagnostic[]): Diagnostic[] {
  const used = new Set<number>();
  const out: Diagnostic[] = [];
  for (const g of sent) {
    const i = own.findIndex((d, k) => !used.has(k) && String(d.code) === String(g.code) && sameRange(d.range, g.range));
    if (i < 0) continue;
    used.add(i);
    out.push(own[i]);
  }
  return out;
}

/**
 * Quick fixes for the RuleLens diagnostics in a range, computed against the text the analysis
 * read, which is the document as it is now: an analysis of an earlier version (`stale`, the
 * server's check of the current one still running) gives no edits, only a note, since its
 * offsets and rule numbers may be another rule's now. The client's diagnostics say which
 * findings are asked about; each is taken from the analysis's own (same lint, same range), so a
 * diagnostic published for an earlier version never lends its payload (rule indexes) to this
 * one; with none sent, the analysis's findings in the range.
 * @example codeActionsFor(ctx, range, [deadRule]).map((a) => a.title) // ['Remove rule 2 (…)', 'Show documentation for dead-rule']
 */
export function codeActionsFor(ctx: FixContext, range: Range, given: readonly Diagnostic[], current: () => Diagnostic[], deadline = new Deadline(CODE_ACTIONS_MS)): CodeAction[] {
  if (ctx.analysis.stale) return [{ title: FIXES_WAIT, disabled: { reason: 'RuleLens is still checking the current version of this file; its fixes are computed from that check' } }];
  const ours = given.filter((d) => d.source === SOURCE);
  const mine = current();
  const diags = ours.length ? matching(ours, mine) : mine.filter((d) => overlaps(d.range, range));
  const ranked: Array<{ action: CodeAction; rank: number }> = [];
  const docs = new Set<string>();
  const titles = new Set<string>();
  const fixAll = new Set<string>();
  let skipped = 0;
  for (const d of diags) {
    const code = String(d.code ?? '');
    // The budget is read before each diagnostic's fixes: the first always gets its own.
    if (ranked.length > 0 && deadline.expired) {
      skipped++;
      continue;
    }
    // Rule fixes edit the rule file: they only make sense on diagnostics shown there.
    if (ctx.analysis.kind === 'rules') {
      const add = (action: CodeAction | undefined, rank: number) => action && ranked.push({ action, rank });
      if (MOVABLE.has(code)) add(moveDenyAction(ctx, d), SAFETY.move);
      if (code === 'unwindowed-taint') add(addWindowAction(ctx, d), SAFETY.window);
      add(provedFixAction(ctx, d), SAFETY.proved);
      add(addRequestAction(ctx, d), SAFETY.request);
      if (isRemovable(code, dataOf(d))) add(removeRuleAction(ctx, d), ruleOf(ctx, d)?.decision === 'deny' ? SAFETY.removeDeny : SAFETY.remove);
      if (code && !fixAll.has(code)) {
        fixAll.add(code);
        add(fixAllAction(ctx, code, mine), SAFETY.fixAll);
      }
    }
    for (const s of suppressActions(ctx, d)) {
      if (titles.has(s.title)) continue;
      titles.add(s.title);
      ranked.push({ action: s, rank: SAFETY.suppress });
    }
    if (code && !docs.has(code)) {
      docs.add(code);
      ranked.push({ action: showDocsAction(d), rank: SAFETY.docs });
    }
  }
  // Not tied to a diagnostic: offered on any broad allow when a history is configured.
  if (ctx.analysis.kind === 'rules') {
    for (const t of tightenFromHistoryActions(ctx, range)) ranked.push({ action: t, rank: SAFETY.history });
  }
  const out = bySafety(ranked);
  if (skipped > 0) out.push({ title: MORE_FIXES, disabled: { reason: `${skipped} more diagnostic${skipped === 1 ? '' : 's'} in this range: RuleLens stopped after ${CODE_ACTIONS_MS} ms; ask for the fixes of one of them` } });
  return out;
}

/**
 * Fix order, safest first: keeping a deny working (moving it where it decides), then a fix the
 * lint proved through the evaluator (adding the missing denies), before recording a test, before
 * deleting a harmless rule (and the same for every such finding of the file); deleting a deny
 * comes after, since it makes the warning go away while the path it was meant to protect stays
 * open; hiding the finding (a suppression) and its documentation come last.
 */
const SAFETY = { move: 0, window: 1, proved: 1, request: 2, history: 2, remove: 3, fixAll: 3.5, removeDeny: 4, suppress: 4.5, docs: 5 } as const;

/** Sorts by safety (stable) and keeps at most one preferred fix: the first, safest one. */
function bySafety(ranked: Array<{ action: CodeAction; rank: number }>): CodeAction[] {
  const out = ranked.sort((a, b) => a.rank - b.rank).map((r) => ({ ...r.action, isPreferred: r.rank === SAFETY.removeDeny ? false : r.action.isPreferred }));
  const preferred = out.findIndex((a) => a.isPreferred);
  const move = out.findIndex((a) => a.title.startsWith('Move rule'));
  const keep = move >= 0 ? move : preferred;
  return out.map((a, i) => {
    if (i === keep && move >= 0) return { ...a, isPreferred: true };
    if (i !== keep && a.isPreferred) {
      const { isPreferred: _dropped, ...rest } = a;
      return rest;
    }
    return a;
  });
}
