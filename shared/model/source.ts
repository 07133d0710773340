/** Zero-based line/character position, UTF-16 code units, as in LSP. */
export interface Position {
  line: number;
  character: number;
}

export interface Range {
  start: Position;
  end: Position;
}

/**
 * A document's text with a line index, so offsets from parsers (jsonc-parser, yaml) become LSP
 * ranges without rescanning.
 * @example new SourceText('a\nb').positionAt(2) // { line: 1, character: 0 }
 */
/** Lines past the last answer tried before a binary search. */
const NEARBY_LINES = 4;

export class SourceText {
  /**
   * A typed array, filled in a second pass: a file of 8 million empty lines costs 32 MB here, not a
   * growing array's several times that. Built on the first position asked for: a large rule file
   * whose rules need no range (no finding, no hover) never pays for the scan.
   */
  private starts: Uint32Array | undefined;
  /** The line of the last position asked for. */
  private lastLine = 0;

  constructor(readonly text: string) {}

  private get lineStarts(): Uint32Array {
    return (this.starts ??= lineStartsOf(this.text));
  }

  get lineCount(): number {
    return this.lineStarts.length;
  }

  positionAt(offset: number): Position {
    const o = Math.max(0, Math.min(offset, this.text.length));
    const line = this.lineAt(o);
    return { line, character: o - this.lineStarts[line] };
  }

  /** The line of an offset alone (`positionAt(offset).line`, nothing built). @example new SourceText('a\nb').lineAt(2) // 1 */
  lineAt(offset: number): number {
    const o = Math.max(0, Math.min(offset, this.text.length));
    const starts = this.lineStarts;
    // Parsers ask in document order: the last answer's line, or one a few lines on, is usually right.
    let line = this.lastLine;
    if (starts[line] <= o) {
      for (let k = 0; k < NEARBY_LINES && line + 1 < starts.length && starts[line + 1] <= o; k++) line++;
      if (line + 1 >= starts.length || starts[line + 1] > o) {
        this.lastLine = line;
        return line;
      }
    }
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid] <= o) lo = mid;
      else hi = mid - 1;
    }
    this.lastLine = lo;
    return lo;
  }

  offsetAt(pos: Position): number {
    const starts = this.lineStarts;
    if (pos.line < 0) return 0;
    if (pos.line >= starts.length) return this.text.length;
    const start = starts[pos.line];
    const next = pos.line + 1 < starts.length ? starts[pos.line + 1] : this.text.length;
    return Math.max(start, Math.min(start + pos.character, next));
  }

  range(start: number, end: number): Range {
    return { start: this.positionAt(start), end: this.positionAt(end) };
  }
}

/** The range of a whole document's first character, for findings about a file with no better anchor. */
export const FILE_START: Range = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };

/** @example containsPosition(r, { line: 2, character: 4 }) */
export function containsPosition(r: Range, p: Position): boolean {
  if (p.line < r.start.line || p.line > r.end.line) return false;
  if (p.line === r.start.line && p.character < r.start.character) return false;
  if (p.line === r.end.line && p.character > r.end.character) return false;
  return true;
}

/** Offsets where each line starts (`\n`, `\r\n` and a lone `\r` end a line). */
function lineStartsOf(text: string): Uint32Array {
  // Most files end lines with `\n` alone: `indexOf` finds those far faster than a loop over every character.
  if (text.indexOf('\r') < 0) return newlineStarts(text);
  let lines = 1;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 13 /* \r */) {
      if (text.charCodeAt(i + 1) === 10) i++;
      lines++;
    } else if (c === 10 /* \n */) lines++;
  }
  const starts = new Uint32Array(lines);
  let n = 1;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 13) {
      if (text.charCodeAt(i + 1) === 10) i++;
      starts[n++] = i + 1;
    } else if (c === 10) starts[n++] = i + 1;
  }
  return starts;
}

/** `lineStartsOf` for a text with no `\r`. */
function newlineStarts(text: string): Uint32Array {
  let lines = 1;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) lines++;
  const starts = new Uint32Array(lines);
  let n = 1;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts[n++] = i + 1;
  return starts;
}
