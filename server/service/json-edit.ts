import { findNodeAtOffset, parseTree, type Node } from 'jsonc-parser';
import type { Range, SourceText } from '../../shared/model';

/** An edit in offsets; converted to an LSP TextEdit at the end so several can be combined. */
export interface OffsetEdit {
  start: number;
  end: number;
  text: string;
}

/** @example parseRoot('{"a": 1}')?.type // 'object' */
export function parseRoot(text: string): Node | undefined {
  return parseTree(text, [], { allowTrailingComma: true, disallowComments: false, allowEmptyContent: true });
}

/**
 * The JSON node spanning exactly a range: an array element or an object property, the things a
 * rule is made of.
 * @example nodeForRange(root, src, rule.range)?.type // 'object'
 */
export function nodeForRange(root: Node, src: SourceText, range: Range): Node | undefined {
  const start = src.offsetAt(range.start);
  const end = src.offsetAt(range.end);
  let n: Node | undefined = findNodeAtOffset(root, start, true);
  while (n && !(n.offset === start && n.offset + n.length === end)) n = n.parent;
  return n;
}

/** The siblings a node is listed among: array elements or an object's properties. */
export function siblingsOf(node: Node): Node[] | undefined {
  const parent = node.parent;
  if (!parent) return undefined;
  if (parent.type === 'array' && node.type !== 'property') return parent.children;
  if (node.type === 'property' && parent.type === 'object') return parent.children;
  return undefined;
}

/**
 * Deletes a list element together with the comma that separates it, keeping the rest tidy:
 * `[a, b, c]` minus `b` is `[a, c]`; minus `c` it is `[a, b]`.
 * @example removeElement(bNode) // { start: b.offset, end: c.offset, text: '' }
 */
export function removeElement(node: Node, text: string): OffsetEdit | undefined {
  const sibs = siblingsOf(node);
  if (!sibs) return undefined;
  const i = sibs.indexOf(node);
  const end = node.offset + node.length;
  if (i + 1 < sibs.length) return { start: lineStartIfBlank(text, node.offset), end: lineStartIfBlank(text, sibs[i + 1].offset), text: '' };
  if (i > 0) {
    const prev = sibs[i - 1];
    return { start: prev.offset + prev.length, end: afterTrailingComma(text, end), text: '' };
  }
  return { start: node.offset, end: afterTrailingComma(text, end), text: '' };
}

/** Backs up to the start of the line when only indentation precedes the offset. */
function lineStartIfBlank(text: string, offset: number): number {
  let i = offset;
  while (i > 0 && (text[i - 1] === ' ' || text[i - 1] === '\t')) i--;
  return i === 0 || text[i - 1] === '\n' ? i : offset;
}

/** A JSONC trailing comma after a last element goes with it. */
function afterTrailingComma(text: string, end: number): number {
  let i = end;
  while (i < text.length && /[ \t]/.test(text[i])) i++;
  return text[i] === ',' ? i + 1 : end;
}

/**
 * The separator used between the last two siblings (`,\n    `), so an appended element matches
 * the file's layout; `, ` when there is nothing to copy.
 * @example joinerOf(sibs, text) // ',\n    '
 */
export function joinerOf(sibs: readonly Node[], text: string, indent = '    '): string {
  if (sibs.length < 2) return sibs.length === 1 && isMultiline(sibs[0].parent!, text) ? `,\n${indentOf(text, sibs[0].offset) || indent}` : ', ';
  const a = sibs[sibs.length - 2];
  const b = sibs[sibs.length - 1];
  const between = text.slice(a.offset + a.length, b.offset);
  const m = /,[^\S\n]*(\n[ \t]*)?/.exec(between);
  return m ? `,${m[1] ?? ' '}` : ', ';
}

function isMultiline(node: Node, text: string): boolean {
  return text.slice(node.offset, node.offset + node.length).includes('\n');
}

/** The indentation of the line an offset is on. */
export function indentOf(text: string, offset: number): string {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  return /^[ \t]*/.exec(text.slice(lineStart, offset))![0];
}

/**
 * Inserts `"key": value` as the last property of an object, in the object's own layout.
 * @example insertProperty(ifPath, text, 'within_minutes', '30') // { start, end, text: ', "within_minutes": 30' }
 */
export function insertProperty(obj: Node, text: string, key: string, valueJson: string): OffsetEdit {
  const props = obj.children ?? [];
  const entry = `${JSON.stringify(key)}: ${valueJson}`;
  if (!props.length) {
    const at = obj.offset + 1;
    return { start: at, end: at, text: entry };
  }
  const last = props[props.length - 1];
  const at = last.offset + last.length;
  return { start: at, end: at, text: `${joinerOf(props, text)}${entry}` };
}

/** Applies non-overlapping offset edits to a text. */
export function applyEdits(text: string, edits: readonly OffsetEdit[]): string {
  let out = text;
  for (const e of [...edits].sort((a, b) => b.start - a.start)) out = out.slice(0, e.start) + e.text + out.slice(e.end);
  return out;
}
