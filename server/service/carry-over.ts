import type { Finding } from '../../shared/model';
import { LineMap } from './edit-map';

/**
 * The findings of an earlier version of a file, moved onto a new version: those on lines the edit
 * did not touch keep their place (shifted by the lines added or removed above them), the rest are
 * dropped, and related places in the edited lines are left out. What the editor shows until the
 * new version's own lints are done, so one keystroke does not blank the Problems panel. Their
 * payload is dropped (it names rules by index, which an edit can shift): quick fixes wait for the
 * new findings.
 * @example carryFindings(oldText, newText, findings, '/ws/opencode.json').length // findings off the edited lines
 */
export function carryFindings(before: string, after: string, findings: readonly Finding[], path: string): Finding[] {
  if (before === after) return [...findings];
  const d = new LineMap(before, after);
  const out: Finding[] = [];
  for (const f of findings) {
    const range = d.toNew(f.range);
    if (!range) continue;
    const related = f.related?.flatMap((r) => {
      if (r.path !== undefined && r.path !== path) return [r];
      const to = d.toNew(r.range);
      return to ? [{ ...r, range: to }] : [];
    });
    const { data: _data, witness: _witness, ...rest } = f;
    out.push({ ...rest, range, ...(related ? { related } : {}), data: { carried: true } });
  }
  return out;
}
