/** Lines of context around each change in a patch. */
export const PATCH_CONTEXT = 3;
/** Files longer than this (in lines) get a whole-file replacement instead of a minimal diff. */
export const MAX_DIFF_LINES = 5_000;

/**
 * A unified diff between two texts of one file (`--- a/NAME`, `+++ b/NAME`), empty when equal.
 * @example unifiedDiff('x.json', 'a\nb\n', 'a\nc\n') // '--- a/x.json\n+++ b/x.json\n@@ -1,2 +1,2 @@\n a\n-b\n+c\n'
 */
export function unifiedDiff(name: string, before: string, after: string): string {
  if (before === after) return '';
  const a = splitLines(before);
  const b = splitLines(after);
  const ops = a.length * b.length > MAX_DIFF_LINES * MAX_DIFF_LINES ? [...a.map((l) => ({ op: '-', l })), ...b.map((l) => ({ op: '+', l }))] : diffLines(a, b);
  const out = [`--- a/${name}`, `+++ b/${name}`];
  // Group the edit script into hunks with PATCH_CONTEXT lines around changes.
  let i = 0;
  let ai = 0;
  let bi = 0;
  const pos: Array<{ op: string; l: string; ai: number; bi: number }> = [];
  for (const o of ops) {
    pos.push({ ...o, ai, bi });
    if (o.op !== '+') ai++;
    if (o.op !== '-') bi++;
  }
  while (i < pos.length) {
    if (pos[i].op === ' ') {
      i++;
      continue;
    }
    let start = Math.max(0, i - PATCH_CONTEXT);
    let end = i;
    for (;;) {
      while (end < pos.length && pos[end].op !== ' ') end++;
      let gap = end;
      while (gap < pos.length && pos[gap].op === ' ') gap++;
      if (gap < pos.length && gap - end <= 2 * PATCH_CONTEXT) end = gap;
      else {
        end = Math.min(pos.length, end + PATCH_CONTEXT);
        break;
      }
    }
    const hunk = pos.slice(start, end);
    const aLen = hunk.filter((h) => h.op !== '+').length;
    const bLen = hunk.filter((h) => h.op !== '-').length;
    out.push(`@@ -${aLen ? hunk[0].ai + 1 : hunk[0].ai},${aLen} +${bLen ? hunk[0].bi + 1 : hunk[0].bi},${bLen} @@`);
    for (const h of hunk) out.push(h.op + h.l);
    i = end;
    start = end;
  }
  return out.join('\n') + '\n';
}

function splitLines(s: string): string[] {
  const lines = s.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** A shortest edit script by longest common subsequence (rule files are small). */
function diffLines(a: string[], b: string[]): Array<{ op: string; l: string }> {
  const n = a.length;
  const m = b.length;
  const lcs: Uint32Array[] = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
  for (let i = n - 1; i >= 0; i--) for (let j = m - 1; j >= 0; j--) lcs[i][j] = a[i] === b[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
  const out: Array<{ op: string; l: string }> = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (a[i] === b[j]) {
      out.push({ op: ' ', l: a[i] });
      i++;
      j++;
    } else if (lcs[i + 1][j] >= lcs[i][j + 1]) out.push({ op: '-', l: a[i++] });
    else out.push({ op: '+', l: b[j++] });
  }
  while (i < n) out.push({ op: '-', l: a[i++] });
  while (j < m) out.push({ op: '+', l: b[j++] });
  return out;
}
