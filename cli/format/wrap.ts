/** Text output is wrapped at this width when stdout is no terminal (a CI log, a pipe, a test). */
export const TEXT_WIDTH = 100;
/** A terminal narrower than this still gets this width: a hanging indent needs room. */
const MIN_WIDTH = 60;

/** The width to wrap at: the terminal's when stdout is one, else TEXT_WIDTH. */
export function outputWidth(stream: NodeJS.WriteStream = process.stdout): number {
  return stream.isTTY && stream.columns ? Math.max(MIN_WIDTH, stream.columns) : TEXT_WIDTH;
}

/**
 * One line of output wrapped at spaces to `width`; continuation lines get the line's own indent
 * plus `hang` spaces. A word longer than a line stays whole (a path is never cut), and nothing is
 * dropped: the words joined with single spaces are the line's words.
 * @example wrapLine('  a b c', 5, 2) // ['  a b', '    c']
 */
export function wrapLine(line: string, width: number = TEXT_WIDTH, hang = 4): string[] {
  if (line.length <= width) return [line];
  const indent = /^ */.exec(line)![0];
  const words = line.slice(indent.length).split(' ');
  const out: string[] = [];
  let cur = indent;
  let fresh = true;
  for (const w of words) {
    if (!fresh && cur.length + 1 + w.length > width) {
      out.push(cur);
      cur = indent + ' '.repeat(hang);
      fresh = true;
    }
    cur += fresh ? w : ` ${w}`;
    fresh = false;
  }
  out.push(cur);
  return out;
}

/**
 * Every line of a block wrapped (see wrapLine).
 * @example wrapText('x\n  a b c', 5) // 'x\n  a b\n    c'
 */
export function wrapText(text: string, width: number = TEXT_WIDTH, hang = 4): string {
  return text.split('\n').flatMap((l) => wrapLine(l, width, hang)).join('\n');
}
