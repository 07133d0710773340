import type { Finding, Position, Range } from '../../shared/model';

/** Lines two texts share at their start and at their end (the rest is what an edit changed). */
interface LineDiff {
  /** Lines equal at the start of both texts. */
  head: number;
  /** Lines equal at the end of both texts, after the head. */
  tail: number;
  oldLines: number;
  newLines: number;
}

function lineDiff(before: string, after: string): LineDiff {
  const a = before.split('\n');
  const b = after.split('\n');
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  return { head, tail, oldLines: a.length, newLines: b.length };
}

/** A position of the old text in the new one, or undefined when its line was edited. */
function moved(p: Position, d: LineDiff): Position | undefined {
  if (p.line < d.head) return p;
  if (p.line >= d.oldLines - d.tail) return { line: p.line + d.newLines - d.oldLines, character: p.character };
  return undefined;
}

function movedRange(r: Range, d: LineDiff): Range | undefined {
  const start = moved(r.start, d);
  const end = moved(r.end, d);
  // A range that spans the edit is gone with it, even when both of its ends survive.
  if (!start || !end || (r.start.line < d.head && r.end.line >= d.oldLines - d.tail)) return undefined;
  return { start, end };
}

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
  const d = lineDiff(before, after);
  const out: Finding[] = [];
  for (const f of findings) {
    const range = movedRange(f.range, d);
    if (!range) continue;
    const related = f.related?.flatMap((r) => {
      if (r.path !== undefined && r.path !== path) return [r];
      const to = movedRange(r.range, d);
      return to ? [{ ...r, range: to }] : [];
    });
    const { data: _data, witness: _witness, ...rest } = f;
    out.push({ ...rest, range, ...(related ? { related } : {}), data: { carried: true } });
  }
  return out;
}
