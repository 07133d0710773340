import { isAlias, isMap, isPair, isScalar, isSeq, parseDocument, type Document, type Node as YamlNode } from 'yaml';
import { MAX_DOCUMENT_CHARS, MAX_NESTING_DEPTH } from '../../json/tree';
import { finding, SourceText, type Finding } from '../../model';
import type { VNode } from './value-tree';

/** Errors reported per file: past this many, the rest add nothing a person can act on. */
export const MAX_YAML_ERRORS = 50;
/** Nodes built from one document, aliases expanded: a self-referencing alias must not explode. */
export const MAX_TREE_NODES = 1_000_000;
/** Alias expansions per document: settings files use a handful; more is a "billion laughs". */
export const MAX_ALIAS_EXPANSIONS = 1_000;

function rangeOfNode(n: YamlNode | null | undefined, fallback: number): [number, number] {
  const r = (n as { range?: [number, number, number] } | null | undefined)?.range;
  return r ? [r[0], r[1]] : [fallback, fallback];
}

function convert(n: unknown, doc: Document, fallback: number, depth: number, budget = { left: MAX_TREE_NODES, aliases: MAX_ALIAS_EXPANSIONS }): VNode {
  if (--budget.left < 0) throw new Error(`more than ${MAX_TREE_NODES} nodes once aliases are expanded`);
  const [start, end] = rangeOfNode(n as YamlNode, fallback);
  if (depth > MAX_NESTING_DEPTH) return { kind: 'scalar', start, end, value: null };
  if (isAlias(n)) {
    // Resolve to the anchored node but keep the alias's own position for findings.
    if (--budget.aliases < 0) throw new Error(`more than ${MAX_ALIAS_EXPANSIONS} alias expansions`);
    const target = n.resolve(doc);
    const v = convert(target, doc, start, depth + 1, budget);
    return { ...v, start, end };
  }
  if (isMap(n)) {
    const entries = [];
    for (const item of n.items) {
      if (!isPair(item)) continue;
      const key = item.key;
      const keyValue = isScalar(key) ? key.value : key;
      if (typeof keyValue !== 'string' && typeof keyValue !== 'number') continue;
      const [keyStart, keyEnd] = rangeOfNode(key as YamlNode, start);
      entries.push({ key: String(keyValue), keyStart, keyEnd, value: convert(item.value, doc, keyEnd, depth + 1, budget) });
    }
    return { kind: 'map', start, end, entries };
  }
  if (isSeq(n)) return { kind: 'seq', start, end, items: n.items.map((i) => convert(i, doc, start, depth + 1, budget)) };
  if (isScalar(n)) {
    const v = n.value;
    const value = typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? v : typeof v === 'bigint' ? Number(v) : null;
    return { kind: 'scalar', start, end, value };
  }
  return { kind: 'scalar', start, end, value: null };
}

/**
 * Parses YAML settings with the `yaml` library, keeping source offsets; syntax errors become
 * `schema` findings with their ranges. Only the first document of a stream is read.
 * @example parseYamlSettings('bash:\n  patterns: []\n').root?.kind // 'map'
 */
export function parseYamlSettings(text: string): { source: SourceText; root: VNode | undefined; findings: Finding[] } {
  const source = new SourceText(text);
  if (text.length > MAX_DOCUMENT_CHARS) {
    return { source, root: undefined, findings: [finding('schema', 'error', `file too large (${text.length} characters; the limit is ${MAX_DOCUMENT_CHARS})`, source.range(0, 0))] };
  }
  // The yaml library recurses per flow level; near the stack limit V8 can abort the whole process
  // (in its regex compiler) instead of throwing, so hostile nesting is refused before parsing.
  const deep = flowNestingBeyond(text, MAX_NESTING_DEPTH);
  if (deep >= 0) {
    return { source, root: undefined, findings: [finding('schema', 'error', `nesting deeper than ${MAX_NESTING_DEPTH} levels`, source.range(deep, deep + 1))] };
  }
  const findings: Finding[] = [];
  let doc: Document;
  try {
    doc = parseDocument(text, { uniqueKeys: false, prettyErrors: false });
  } catch (e) {
    return { source, root: undefined, findings: [finding('schema', 'error', `invalid YAML: ${e instanceof Error ? e.message : String(e)}`, source.range(0, 0))] };
  }
  for (const e of doc.errors.slice(0, MAX_YAML_ERRORS)) {
    findings.push(finding('schema', 'error', `invalid YAML: ${e.message.split('\n')[0]}`, source.range(e.pos[0], Math.max(e.pos[1], e.pos[0] + 1))));
  }
  if (doc.errors.length) return { source, root: undefined, findings };
  try {
    return { source, root: doc.contents ? convert(doc.contents, doc, 0, 0) : undefined, findings };
  } catch (e) {
    findings.push(finding('schema', 'error', `the YAML could not be read: ${e instanceof Error ? e.message : String(e)}`, source.range(0, 0)));
    return { source, root: undefined, findings };
  }
}

/** Offset of the first `[` / `{` opening a flow level deeper than `limit`, or -1; quoted text and comments skipped. */
function flowNestingBeyond(text: string, limit: number): number {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"' || c === "'") {
      for (i++; i < text.length && text[i] !== c && text[i] !== '\n'; i++) if (c === '"' && text[i] === '\\') i++;
    } else if (c === '#' && (i === 0 || /\s/.test(text[i - 1]))) {
      const nl = text.indexOf('\n', i);
      i = nl < 0 ? text.length : nl;
    } else if (c === '[' || c === '{') {
      if (++depth > limit) return i;
    } else if (c === ']' || c === '}') depth = Math.max(0, depth - 1);
  }
  return -1;
}
