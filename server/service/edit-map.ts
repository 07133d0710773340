import { SourceText, type Position, type Range } from '../../shared/model';

/**
 * Where an edit changed a text, by lines: the lines two versions share at their start (`head`)
 * and at their end (`tail`); the lines between are what the edit touched.
 */
export class LineMap {
  private readonly head: number;
  private readonly tail: number;
  private readonly oldLines: number;
  private readonly newLines: number;

  /** @example new LineMap('a\nb\n', 'x\na\nb\n').toNew({ start: { line: 0, character: 0 }, end: { line: 0, character: 1 } }) // line 1 */
  constructor(before: string, after: string) {
    const a = before.split('\n');
    const b = after.split('\n');
    let head = 0;
    while (head < a.length && head < b.length && a[head] === b[head]) head++;
    let tail = 0;
    while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
    this.head = head;
    this.tail = tail;
    this.oldLines = a.length;
    this.newLines = b.length;
  }

  /** A position of the old text in the new one; undefined when its line was edited. */
  positionToNew(p: Position): Position | undefined {
    return shift(p, this.head, this.oldLines - this.tail, this.newLines - this.oldLines);
  }

  /** A position of the new text in the old one; undefined when its line was edited. */
  positionToOld(p: Position): Position | undefined {
    return shift(p, this.head, this.newLines - this.tail, this.oldLines - this.newLines);
  }

  /**
   * A range of the old text in the new one; undefined when it touches the edited lines (a range
   * that spans the edit is gone with it, even when both of its ends survive).
   */
  toNew(r: Range): Range | undefined {
    const start = this.positionToNew(r.start);
    const end = this.positionToNew(r.end);
    if (!start || !end || (r.start.line < this.head && r.end.line >= this.oldLines - this.tail)) return undefined;
    return { start, end };
  }
}

/** `p` unchanged above the edit, moved by `delta` lines below it (from line `below` on), else undefined. */
function shift(p: Position, head: number, below: number, delta: number): Position | undefined {
  if (p.line < head) return p;
  if (p.line >= below) return { line: p.line + delta, character: p.character };
  return undefined;
}

/**
 * Where an edit changed a text, by characters: the text two versions share at their start and at
 * their end; everything between is what the edits touched. Finer than `LineMap`: a comma added
 * after a rule leaves that rule's own text, and so its place, known.
 */
export class CharMap {
  private readonly head: number = 0;
  private readonly tail: number = 0;
  private readonly before: SourceText;
  private readonly after: SourceText;

  /**
   * Where the shared start and end meet is ambiguous when the edit begins or ends like the text
   * next to it (a rule inserted before a rule that starts alike): `first` says which takes the
   * characters both could claim.
   * @example new CharMap('[a]', '[a, b]').toNew(rangeOfA) // the same range
   */
  constructor(before: string, after: string, first: 'head' | 'tail' = 'head') {
    const most = Math.min(before.length, after.length);
    const common = (limit: number, at: (i: number) => boolean) => {
      let n = 0;
      while (n < limit && at(n)) n++;
      return n;
    };
    const fromStart = (limit: number) => common(limit, (i) => before[i] === after[i]);
    const fromEnd = (limit: number) => common(limit, (i) => before[before.length - 1 - i] === after[after.length - 1 - i]);
    if (first === 'head') {
      this.head = fromStart(most);
      this.tail = fromEnd(most - this.head);
    } else {
      this.tail = fromEnd(most);
      this.head = fromStart(most - this.tail);
    }
    this.before = new SourceText(before);
    this.after = new SourceText(after);
  }

  /** A position of the new text in the old one; undefined inside what the edits changed. */
  positionToOld(p: Position): Position | undefined {
    const o = this.moved(this.after.offsetAt(p), this.after.text.length, this.before.text.length);
    return o === undefined ? undefined : this.before.positionAt(o);
  }

  /** A range of the old text in the new one; undefined when it touches what the edits changed. */
  toNew(r: Range): Range | undefined {
    const from = this.before.offsetAt(r.start);
    const to = this.before.offsetAt(r.end);
    const oldLen = this.before.text.length;
    const newLen = this.after.text.length;
    // Wholly before the change, or wholly after it (an empty change at one end counts as outside).
    if (to <= this.head) return r;
    if (from >= oldLen - this.tail) return { start: this.after.positionAt(from + newLen - oldLen), end: this.after.positionAt(to + newLen - oldLen) };
    return undefined;
  }

  private moved(offset: number, fromLen: number, toLen: number): number | undefined {
    if (offset < this.head) return offset;
    if (offset >= fromLen - this.tail) return offset + toLen - fromLen;
    return undefined;
  }
}
