import { getStaticTOMLValue, parseTOML } from 'toml-eslint-parser';
import type { AST } from 'toml-eslint-parser';

/** A TOML document read with locations: its plain value and the node of every key path. */
export interface TomlDocument {
  value: Record<string, unknown> | null;
  /** `rule.0.toolName` → the node that wrote it (key-value, table, or array element). */
  nodes: Map<string, { start: number; end: number; valueStart: number; valueEnd: number; kind?: string }>;
  error: { message: string; offset: number } | null;
}

const key = (path: readonly (string | number)[]) => path.join('\u0000');

/**
 * Parses TOML keeping where every value was written (toml-eslint-parser), so findings point at
 * the exact key. A syntax error comes back with its offset instead of being thrown.
 * @example readToml('[[rule]]\ntoolName = "x"').nodes.get(tomlPath(['rule', 0, 'toolName']))
 */
export function readToml(text: string): TomlDocument {
  const nodes: TomlDocument['nodes'] = new Map();
  let ast: AST.TOMLProgram;
  try {
    ast = parseTOML(text);
  } catch (e) {
    const err = e as { message?: string; index?: number };
    return { value: null, nodes, error: { message: String(err.message ?? e), offset: typeof err.index === 'number' ? err.index : 0 } };
  }
  let value: Record<string, unknown>;
  try {
    value = getStaticTOMLValue(ast);
  } catch (e) {
    return { value: null, nodes, error: { message: String((e as Error).message ?? e), offset: 0 } };
  }
  const visitValue = (n: AST.TOMLContentNode, path: (string | number)[], range: [number, number]) => {
    nodes.set(key(path), { start: range[0], end: range[1], valueStart: n.range[0], valueEnd: n.range[1], kind: n.type === 'TOMLValue' ? n.kind : undefined });
    if (n.type === 'TOMLArray') n.elements.forEach((e, i) => visitValue(e, [...path, i], e.range));
    else if (n.type === 'TOMLInlineTable') for (const kv of n.body) visitKv(kv, path);
  };
  const visitKv = (kv: AST.TOMLKeyValue, base: (string | number)[]) => {
    const path = [...base, ...kv.key.keys.map((k) => (k.type === 'TOMLBare' ? k.name : k.value))];
    visitValue(kv.value, path, kv.range);
  };
  for (const top of ast.body) {
    for (const n of top.body) {
      if (n.type === 'TOMLKeyValue') visitKv(n, []);
      else {
        nodes.set(key(n.resolvedKey), { start: n.range[0], end: n.range[1], valueStart: n.range[0], valueEnd: n.range[1] });
        for (const kv of n.body) visitKv(kv, n.resolvedKey);
      }
    }
  }
  return { value, nodes, error: null };
}

/** @example tomlPath(['rule', 0, 'toolName']) */
export function tomlPath(path: readonly (string | number)[]): string {
  return key(path);
}
