import { finding, type Finding } from '../../model';
import { shadowedDenyFindings } from './shadow';
import type { BoundsRule, BoundsRuleSet } from './types';

/** The window the quick fix proposes: the one both shipped profiles use. */
export const SUGGESTED_WINDOW_MINUTES = 30;

/**
 * The edit that adds `"within_minutes": 30` as the last property of a rule's `if_path`.
 * @example windowEdit(rule, rs) // { offset: 123, text: ', "within_minutes": 30', range }
 */
export function windowEdit(rule: BoundsRule, rs: BoundsRuleSet): { offset: number; text: string; range: ReturnType<BoundsRuleSet['source']['range']> } | undefined {
  const e = rule.ifPathEdit;
  if (!e) return undefined;
  const offset = e.lastPropertyEnd ?? e.open + 1;
  const text = `${e.lastPropertyEnd === null ? '' : ', '}"within_minutes": ${SUGGESTED_WINDOW_MINUTES}`;
  return { offset, text, range: rs.source.range(offset, offset) };
}

/**
 * The bounds-rules lints: `unwindowed-taint`, `duplicate-id`, `shadowed-deny`.
 * @example lintBoundsRules(parseBoundsRules(file)).map((f) => f.code) // ['unwindowed-taint']
 */
export function lintBoundsRules(rs: BoundsRuleSet): Finding[] {
  const out: Finding[] = [];
  const byId = new Map<string, BoundsRule>();
  for (const r of rs.rules) {
    if (r.ifPath && r.ifPath.withinMinutes === undefined && r.ifPathRange) {
      const edit = windowEdit(r, rs);
      out.push(finding('unwindowed-taint', 'warning', `"${r.id}": if_path has no "within_minutes", so one matching step taints the whole task for as long as it runs; add a window (e.g. ${SUGGESTED_WINDOW_MINUTES} minutes)`, r.ifPathRange, {
        data: { rule: r.index, id: r.id, insertOffset: edit?.offset, insertText: edit?.text, edit: edit ? { range: edit.range, newText: edit.text } : undefined },
      }));
    }
    const prev = byId.get(r.id);
    if (prev) {
      out.push(finding('duplicate-id', 'information', `id "${r.id}" is already used by rule ${prev.index + 1}; refusals name the id, so the two cannot be told apart in the ledger`, r.idRange, {
        related: [{ range: prev.idRange, message: `rule ${prev.index + 1} has the same id` }],
        data: { rule: r.index, other: prev.index },
      }));
    } else byId.set(r.id, r);
  }
  out.push(...shadowedDenyFindings(rs));
  return out;
}
