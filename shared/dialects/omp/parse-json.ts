import type { Node } from 'jsonc-parser';
import { duplicateKeyFindings, parseJson, properties } from '../../json/tree';
import type { Finding, SourceText } from '../../model';
import type { VNode } from './value-tree';

/** Converts a jsonc-parser tree (kept acyclic and depth-checked by parseJson). */
export function fromJsonNode(n: Node): VNode {
  const start = n.offset;
  const end = n.offset + n.length;
  if (n.type === 'object') {
    const entries = properties(n).map((p) => ({
      key: p.key,
      keyStart: p.keyNode.offset,
      keyEnd: p.keyNode.offset + p.keyNode.length,
      value: p.value ? fromJsonNode(p.value) : { kind: 'scalar' as const, start: p.keyNode.offset, end: p.keyNode.offset + p.keyNode.length, value: null },
    }));
    return { kind: 'map', start, end, entries };
  }
  if (n.type === 'array') return { kind: 'seq', start, end, items: (n.children ?? []).map(fromJsonNode) };
  return { kind: 'scalar', start, end, value: n.type === 'null' ? null : (n.value as string | number | boolean) };
}

/**
 * Parses JSON/JSONC settings into the neutral tree, with syntax and duplicate-key findings.
 * @example parseJsonSettings('{"bash.patterns": []}').root?.kind // 'map'
 */
export function parseJsonSettings(text: string): { source: SourceText; root: VNode | undefined; findings: Finding[] } {
  const doc = parseJson(text);
  const findings = [...doc.findings, ...duplicateKeyFindings(doc.source, doc.root)];
  return { source: doc.source, root: doc.root ? fromJsonNode(doc.root) : undefined, findings };
}
