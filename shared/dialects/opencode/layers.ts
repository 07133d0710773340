import type { Node } from 'jsonc-parser';
import type { Decision } from '../../model';

/**
 * A V1 `permission` object as OpenCode holds it after reading the config layers: an ordered map of
 * action key → a decision or an ordered map of pattern → decision. OpenCode merges layers (global
 * file, project file, legacy `tools`) as plain JS objects, so key positions and integer-like keys
 * follow JavaScript's object rules; these trees reproduce them exactly.
 */
/** Where a leaf is written: its property, the action and pattern keys, the decision value. */
export interface LeafNodes {
  prop: Node;
  actionKey: Node;
  resourceKey: Node;
  value: Node;
}

export interface PermLeaf {
  decision: Decision;
  /** Where the leaf is written in the checked file (or how to find it); absent for a leaf from another layer. */
  nodes?: LeafNodes | { resolve(): LeafNodes };
  /** Another layer's name (a global config file); absent for the checked file. */
  layer?: string;
  /** Where another layer's leaf is written (that file and its 0-based line), when it is a file. */
  at?: { path: string; line: number };
  /** Set when the leaf comes from a legacy `tools` boolean: the tool's own name. */
  tool?: string;
}

export type PermValue = { kind: 'one'; leaf: PermLeaf } | { kind: 'map'; entries: Map<string, PermLeaf> };
export type PermTree = Map<string, PermValue>;

/** JS enumerates canonical array-index keys first, ascending; then the rest in insertion order. */
export function isIndexKey(k: string): boolean {
  return /^(?:0|[1-9]\d*)$/.test(k) && Number(k) < 4294967295;
}

/**
 * A map's keys in the order `Object.entries` would give for the same object.
 * @example jsOrder(new Map([['*', 1], ['2', 2]])) // [['2', 2], ['*', 1]]
 */
export function jsOrder<V>(m: Map<string, V>): Array<[string, V]> {
  const all = [...m.entries()];
  const idx = all.filter(([k]) => isIndexKey(k)).sort((a, b) => Number(a[0]) - Number(b[0]));
  return [...idx, ...all.filter(([k]) => !isIndexKey(k))];
}

/**
 * `mergeDeep(a, b)` as OpenCode's config loader does it (remeda): b's keys win, a's keys keep their
 * positions, new keys go last; two pattern maps under one key merge the same way, one level down.
 * Object.assign (the per-agent `tools` transform) gives the same result here, because a `tools`
 * value is never a map.
 * @example mergePerm(toolsTree, permissionTree)
 */
export function mergePerm(a: PermTree, b: PermTree): PermTree {
  const out: PermTree = new Map(a);
  for (const [k, vb] of b) {
    const va = out.get(k);
    if (va && va.kind === 'map' && vb.kind === 'map') {
      const entries = new Map(va.entries);
      for (const [p, leaf] of vb.entries) entries.set(p, leaf);
      out.set(k, { kind: 'map', entries });
    } else out.set(k, vb);
  }
  return out;
}

/** Legacy tool names that OpenCode folds into the `edit` permission. */
export const EDIT_TOOLS: readonly string[] = ['write', 'edit', 'patch'];

/**
 * Legacy `tools: {name: bool}` as OpenCode converts it: `true` → allow, `false` → deny for every
 * resource, `write`/`edit`/`patch` → `edit` (the last of them decides, the first keeps the place).
 * @example toolsToPerm(new Map([['write', leafDeny]])).get('edit') // { kind: 'one', leaf: leafDeny }
 */
export function toolsToPerm(tools: Map<string, PermLeaf>): PermTree {
  const out: PermTree = new Map();
  for (const [name, leaf] of jsOrder(tools)) out.set(EDIT_TOOLS.includes(name) ? 'edit' : name, { kind: 'one', leaf: { ...leaf, tool: name } });
  return out;
}

/** Later layers' `tools` booleans override earlier ones, as a plain object merge does. */
export function mergeTools(a: Map<string, PermLeaf>, b: Map<string, PermLeaf>): Map<string, PermLeaf> {
  const out = new Map(a);
  for (const [k, v] of b) out.set(k, v);
  return out;
}
