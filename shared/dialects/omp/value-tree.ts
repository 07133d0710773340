/**
 * A small format-neutral view of a parsed settings document (YAML or JSON) that keeps offsets, so
 * one reader serves both and every finding points at the exact text.
 */
export type VNode =
  | { kind: 'map'; start: number; end: number; entries: VEntry[] }
  | { kind: 'seq'; start: number; end: number; items: VNode[] }
  | { kind: 'scalar'; start: number; end: number; value: string | number | boolean | null };

export interface VEntry {
  key: string;
  keyStart: number;
  keyEnd: number;
  value: VNode;
}

/**
 * The value under `key`; a repeated key yields its last value, as the agent's loaders keep.
 * @example get(root, 'bash')
 */
export function get(node: VNode | undefined, key: string): VNode | undefined {
  if (!node || node.kind !== 'map') return undefined;
  let found: VNode | undefined;
  for (const e of node.entries) if (e.key === key) found = e.value;
  return found;
}

/** The entry (key and value) under `key`, last one winning. */
export function entry(node: VNode | undefined, key: string): VEntry | undefined {
  if (!node || node.kind !== 'map') return undefined;
  let found: VEntry | undefined;
  for (const e of node.entries) if (e.key === key) found = e;
  return found;
}

/**
 * A type name for messages: "a map", "a list", "a string", "null".
 * @example describe({ kind: 'scalar', start: 0, end: 1, value: 3 }) // 'a number'
 */
export function describe(node: VNode | undefined): string {
  if (!node) return 'nothing';
  if (node.kind === 'map') return 'an object';
  if (node.kind === 'seq') return 'a list';
  return node.value === null ? 'null' : `a ${typeof node.value}`;
}
