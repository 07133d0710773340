import { CodeActionKind, type CodeAction, type Diagnostic } from 'vscode-languageserver';
import type { Node } from 'jsonc-parser';
import { loadRuleSet, withRequests } from '../../../shared/check/check-file';
import type { Rule } from '../../../shared/model';
import { applyEdits, joinerOf, nodeForRange, parseRoot, removeElement, siblingsOf, type OffsetEdit } from '../json-edit';
import { shortName } from '../decides';
import { ruleOf, toTextEdit, type FixContext } from './context';

export const MOVABLE = new Set(['shadowed-deny']);

/** Where the rules that cover it sit: later rules (last match) mean "move to the end". */
function direction(ctx: FixContext, d: Diagnostic, rule: Rule): 'end' | 'start' {
  const rules = ctx.analysis.report!.ruleSet!.rules;
  const covering = (d.relatedInformation ?? [])
    .map((ri) => rules.find((r) => r.range.start.line === ri.location.range.start.line && r.range.start.character === ri.location.range.start.character))
    .filter((r): r is Rule => !!r);
  return covering.length && covering.every((r) => r.index < rule.index) ? 'start' : 'end';
}

function plan(text: string, node: Node, sibs: Node[], where: 'end' | 'start'): { edits: OffsetEdit[]; newStart: number } | undefined {
  const del = removeElement(node, text);
  if (!del) return undefined;
  const body = text.slice(node.offset, node.offset + node.length);
  const rest = sibs.filter((s) => s !== node);
  const joiner = joinerOf(sibs, text);
  if (where === 'end') {
    const last = rest[rest.length - 1];
    const at = last.offset + last.length;
    return { edits: [del, { start: at, end: at, text: joiner + body }], newStart: at - (del.end - del.start) + joiner.length };
  }
  const first = rest[0];
  return { edits: [del, { start: first.offset, end: first.offset, text: body + joiner }], newStart: first.offset };
}

/**
 * "Move this deny to where it takes effect": to the end of its list under last match (the start
 * under first match). Offered only when re-running the stored requests on the edited text shows
 * that every decision that changes is now this deny's, and that no stored request's expectation
 * breaks (an allow that was meant as an exception stays one).
 * @example moveDenyAction(ctx, shadowedDiagnostic)?.title // 'Move rule 3 (edit secrets/* deny) to the end of its list'
 */
export function moveDenyAction(ctx: FixContext, d: Diagnostic): CodeAction | undefined {
  const rep = ctx.analysis.report;
  const rs = rep?.ruleSet;
  const rule = ruleOf(ctx, d);
  if (!rep || !rs || !rep.dialect || !rule || rule.decision !== 'deny') return undefined;
  const text = rs.source.text;
  const root = parseRoot(text);
  const node = root && nodeForRange(root, rs.source, rule.range);
  const sibs = node && siblingsOf(node);
  if (!node || !sibs || sibs.length < 2) return undefined;
  const where = direction(ctx, d, rule);
  if ((where === 'end' && sibs[sibs.length - 1] === node) || (where === 'start' && sibs[0] === node)) return undefined;
  const p = plan(text, node, sibs, where);
  if (!p) return undefined;
  const newText = applyEdits(text, p.edits);
  const opts = { ctx: ctx.ws.host.ctx, dialect: rep.dialect.id, config: ctx.ws.configFor(rs.path) };
  const moved = loadRuleSet({ path: rs.path, text: newText }, opts).ruleSet;
  if (!moved || moved.rules.length !== rs.rules.length || moved.findings.some((f) => f.severity === 'error' && f.code === 'schema')) return undefined;
  const newIndex = moved.rules.find((r) => moved.source.offsetAt(r.range.start) === p.newStart)?.index;
  if (newIndex === undefined) return undefined;
  const changed: string[] = [];
  if (rep.requestsPath && rep.requestsFile) {
    const after = withRequests({ ...rep, ruleSet: moved }, rep.requestsPath, ctx.ws.text(rep.requestsPath) ?? '', opts).results;
    for (let i = 0; i < rep.results.length; i++) {
      const was = rep.results[i].verdict;
      const now = after[i]?.verdict;
      if (!was || !now) continue;
      if (was.decision === now.decision && was.native === now.native) continue;
      // A change is the deny taking effect; it must also not break a request that pins its outcome.
      if (now.rule?.index !== newIndex || now.decision !== 'deny' || after[i].pass === false) return undefined;
      changed.push(shortName(rep.results[i].request.name));
    }
  }
  const gain = changed.length ? `; it then decides ${changed.join(', ')}` : '';
  return {
    title: `Move rule ${rule.index + 1} (${rule.label}) to the ${where} of its list${gain}`,
    kind: CodeActionKind.QuickFix,
    diagnostics: [d],
    edit: { changes: { [ctx.uri]: p.edits.map((e) => toTextEdit(rs.source, e)) } },
  };
}
