import { parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import { finding, type Finding, type Range, SourceText } from '../model';
import { strictJsonTree } from './fast-tree';

/** Inputs larger than this are refused before parsing: a rule file is never legitimately this big. */
export const MAX_DOCUMENT_CHARS = 64 * 1024 * 1024;
/** Deeper nesting than this is refused: rule files are shallow, and deep trees are an attack. */
export const MAX_NESTING_DEPTH = 256;

export interface JsonDocument {
  source: SourceText;
  root: Node | undefined;
  findings: Finding[];
}

/**
 * Parses JSON/JSONC keeping offsets; syntax errors become `schema` findings with exact ranges.
 * A leading BOM is tolerated (the agents' loaders strip it).
 * @example parseJson('{"a": 1,}').findings.length // 0 (trailing commas allowed)
 */
export function parseJson(text: string): JsonDocument {
  const source = new SourceText(text);
  const findings: Finding[] = [];
  if (text.length > MAX_DOCUMENT_CHARS) {
    findings.push(finding('schema', 'error', `file too large (${text.length} characters; the limit is ${MAX_DOCUMENT_CHARS})`, source.range(0, 0)));
    return { source, root: undefined, findings };
  }
  const body = text.charCodeAt(0) === 0xfeff ? ' ' + text.slice(1) : text;
  // Plain JSON takes the fast path (which refuses deep nesting itself); anything else the full parser.
  const strict = strictJsonTree(body, MAX_NESTING_DEPTH);
  if (strict) return { source, root: strict, findings };
  const deep = nestingBeyond(text, MAX_NESTING_DEPTH);
  if (deep >= 0) {
    // The parser recurses per level: refuse before it can overflow the stack.
    findings.push(finding('schema', 'error', `nesting deeper than ${MAX_NESTING_DEPTH} levels`, source.range(deep, deep + 1)));
    return { source, root: undefined, findings };
  }
  const errors: ParseError[] = [];
  // Comments, trailing commas, errors: long whitespace runs are folded so the full parser's scanner
  // does not crawl through them a character at a time.
  const root = parseTree(quietWhitespace(body), errors, { allowTrailingComma: true, disallowComments: false, allowEmptyContent: true });
  for (const e of errors.slice(0, 50)) {
    findings.push(finding('schema', 'error', `invalid JSON: ${describeParseError(printParseErrorCode(e.error))}`, source.range(e.offset, e.offset + Math.max(1, e.length)), { data: { syntax: true } }));
  }
  return { source, root, findings };
}

/** Whitespace runs at least this long are handed to the parser as a comment of the same length. */
export const LONG_WHITESPACE = 64;

const isSpace = (c: number) => c === 32 || c === 9 || c === 10 || c === 13;

/**
 * The text with every long whitespace run outside strings and comments turned into a block comment
 * of the same length (`/*` … `*\/`): the parse is the same, offsets are unchanged, but jsonc-parser's
 * scanner no longer builds a whitespace token one character at a time (8 MB of padding cost it
 * seconds and hundreds of MB).
 * @example quietWhitespace('{' + ' '.repeat(70) + '}').slice(0, 4) // '{/* '
 */
export function quietWhitespace(text: string): string {
  let out: string[] | undefined;
  let copied = 0;
  for (let i = 0; i < text.length; i++) {
    const skipped = opaqueEnd(text, i);
    if (skipped >= 0) {
      i = skipped;
      continue;
    }
    const c = text.charCodeAt(i);
    if (isSpace(c)) {
      // After a lone `/`, a comment opener would join it into `//`: start one later.
      const start = i > 0 && text.charCodeAt(i - 1) === 47 ? i + 1 : i;
      let end = i;
      while (end < text.length && isSpace(text.charCodeAt(end))) end++;
      if (end - start >= LONG_WHITESPACE) {
        out ??= [];
        out.push(text.slice(copied, start), '/*', text.slice(start + 2, end - 2), '*/');
        copied = end;
      }
      i = end - 1;
    }
  }
  if (!out) return text;
  out.push(text.slice(copied));
  return out.join('');
}

/**
 * Where the string or comment starting at `i` ends, read as the JSON scanner reads it (a string also
 * ends at a line break; a line comment at either line break), or -1 when none starts there.
 */
function opaqueEnd(text: string, i: number): number {
  const c = text.charCodeAt(i);
  if (c === 34 /* " */) {
    for (i++; i < text.length; i++) {
      const d = text.charCodeAt(i);
      if (d === 92 /* \ */) i++;
      else if (d === 34 || d === 10 || d === 13) break;
    }
    return i;
  }
  if (c !== 47 /* / */) return -1;
  const next = text.charCodeAt(i + 1);
  // `//…\r/*` opens a block comment after the line comment ends at the \r.
  if (next === 47) return lineCommentEnd(text, i + 2);
  if (next !== 42 /* * */) return -1;
  const end = text.indexOf('*/', i + 2);
  return end < 0 ? text.length : end + 1;
}

/** Where the line comment whose text starts at `from` ends: its first `\n` or `\r`, or the text's end. */
function lineCommentEnd(text: string, from: number): number {
  for (let j = from; j < text.length; j++) {
    const d = text.charCodeAt(j);
    if (d === 10 || d === 13) return j;
  }
  return text.length;
}

function describeParseError(code: string): string {
  return code.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
}

/**
 * Offset of the first bracket that opens a level deeper than `limit`, or -1; strings and comments
 * skipped as the JSON scanner skips them. jsonc-parser recurses per level: check before calling it.
 * @example nestingBeyond('[[[1]]]', 2) // 2
 */
export function nestingBeyond(text: string, limit: number): number {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const skipped = opaqueEnd(text, i);
    if (skipped >= 0) {
      i = skipped;
      continue;
    }
    const c = text.charCodeAt(i);
    if (c === 91 || c === 123) {
      if (++depth > limit) return i;
    } else if (c === 93 || c === 125) {
      depth = Math.max(0, depth - 1);
    }
  }
  return -1;
}

/** @example rangeOf(src, node) // the node's whole source range */
export function rangeOf(source: SourceText, node: Node): Range {
  return source.range(node.offset, node.offset + node.length);
}

/** The key node of a property value (for highlighting the key rather than the whole value). */
export function keyNodeOf(valueNode: Node): Node | undefined {
  const prop = valueNode.parent;
  return prop?.type === 'property' ? prop.children?.[0] : undefined;
}

/** A property's [key, value] pairs in source order, duplicates included (JSON.parse keeps the last). */
export function properties(obj: Node): Array<{ key: string; keyNode: Node; value: Node | undefined; prop: Node }> {
  if (obj.type !== 'object') return [];
  const out: Array<{ key: string; keyNode: Node; value: Node | undefined; prop: Node }> = [];
  for (const p of obj.children ?? []) {
    const [k, v] = p.children ?? [];
    if (k && typeof k.value === 'string') out.push({ key: k.value, keyNode: k, value: v, prop: p });
  }
  return out;
}

/**
 * The value a runtime's `JSON.parse` would see for `key`: the last occurrence wins.
 * @example prop(objNode, 'permissions')
 */
export function prop(obj: Node | undefined, key: string): Node | undefined {
  if (!obj || obj.type !== 'object') return undefined;
  // Straight over the children: called a few times per request of a 10,000-request file.
  let found: Node | undefined;
  for (const p of obj.children ?? []) {
    const k = p.children?.[0];
    if (k && k.value === key && typeof k.value === 'string') found = p.children[1];
  }
  return found;
}

/** Plain JS value of a node (what JSON.parse would give, last duplicate key winning). */
export function valueOf(node: Node | undefined): unknown {
  if (!node) return undefined;
  switch (node.type) {
    case 'object': {
      const o: Record<string, unknown> = {};
      for (const p of properties(node)) o[p.key] = valueOf(p.value);
      return o;
    }
    case 'array':
      return (node.children ?? []).map(valueOf);
    default:
      return node.value;
  }
}

/** Human name of a JSON node's type, for "expected a string, found a number". */
export function typeName(node: Node | undefined): string {
  if (!node) return 'nothing';
  if (node.type === 'null') return 'null';
  return node.type === 'object' ? 'an object' : node.type === 'array' ? 'an array' : `a ${node.type}`;
}

/**
 * Findings for keys repeated in one object: the agents' `JSON.parse` silently keeps the last.
 * @example duplicateKeyFindings(doc) // [{ code: 'duplicate-key', … }]
 */
export function duplicateKeyFindings(source: SourceText, root: Node | undefined): Finding[] {
  const out: Finding[] = [];
  if (!root) return out;
  const stack: Node[] = [root];
  while (stack.length) {
    const n = stack.pop()!;
    if (n.type === 'object') {
      const seen = new Map<string, Node>();
      for (const p of properties(n)) {
        const prev = seen.get(p.key);
        if (prev) {
          out.push(finding('duplicate-key', 'warning', `duplicate key "${p.key}": the agent's JSON parser keeps only this last one; the earlier one is ignored`, rangeOf(source, p.keyNode), {
            related: [{ range: rangeOf(source, prev), message: 'earlier occurrence, ignored' }],
          }));
        }
        seen.set(p.key, p.keyNode);
      }
    }
    for (const c of n.children ?? []) stack.push(c);
  }
  return out;
}
