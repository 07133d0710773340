import type { Node } from 'jsonc-parser';
import { strictJsonTree } from './fast-tree';
import { stringEnd } from './skim';

/**
 * A strict-JSON document read with the engine's own `JSON.parse`, its syntax tree built only when
 * something first needs an offset (a finding, a hover, a lens): most parses of a large rule file
 * need the values of every rule but the place of only a few, or none.
 */
export interface FastJson {
  /** What the agent's `JSON.parse` sees. */
  value: unknown;
  /** The text read (strict JSON with no repeated key), for finding a place without the tree (skim.ts). */
  text: string;
  /** The tree `parseJson` would build for the same text, built on first call and kept. */
  tree(): Node;
}

/**
 * The text as a `FastJson`, or undefined when the fast path cannot stand in for the full parse:
 * not strict JSON (comments, trailing commas, a syntax error), nesting deeper than `maxDepth`, or a
 * key repeated in one object (JSON.parse keeps only the last, and the duplicate is a finding).
 * Keys are counted, not compared: every property of the text has exactly one `:` outside strings,
 * so the text repeats a key exactly when it has more such colons than the parsed objects have keys.
 * @example strictJsonValue('{"a": 1, "a": 2}') // undefined (a duplicate key)
 */
export function strictJsonValue(text: string, maxDepth: number): FastJson | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  const colons = colonsOutsideStrings(text, maxDepth);
  if (colons < 0 || colons !== keyCount(value)) return undefined;
  return { value, text, tree: lazyStrictTree(text) };
}

/**
 * The syntax tree of strict JSON text `JSON.parse` accepted, built on the first call and kept.
 * @example lazyStrictTree('[1]')().type // 'array'
 */
export function lazyStrictTree(text: string): () => Node {
  let root: Node | undefined;
  return () => {
    root ??= strictJsonTree(text);
    // JSON.parse accepted the text, so the strict parser does too; fail loudly if they ever disagree.
    if (!root) throw new Error('strict JSON tree unavailable for text JSON.parse accepted');
    return root;
  };
}

/**
 * Colons outside strings in text `JSON.parse` accepted, or -1 when a bracket opens a level deeper
 * than `maxDepth`. Strings are skipped with `indexOf`, so the loop visits only the structure.
 */
function colonsOutsideStrings(text: string, maxDepth: number): number {
  let colons = 0;
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34 /* " */) i = stringEnd(text, i) - 1;
    else if (c === 58 /* : */) colons++;
    else if (c === 91 /* [ */ || c === 123 /* { */) {
      if (++depth > maxDepth) return -1;
    } else if (c === 93 /* ] */ || c === 125 /* } */) depth--;
  }
  return colons;
}

/** Own keys of every object in a parsed value (depth is bounded by the scan above). */
function keyCount(v: unknown): number {
  if (v === null || typeof v !== 'object') return 0;
  let n = 0;
  if (Array.isArray(v)) {
    for (const x of v) if (x !== null && typeof x === 'object') n += keyCount(x);
    return n;
  }
  const o = v as Record<string, unknown>;
  for (const k in o) {
    n++;
    const x = o[k];
    if (x !== null && typeof x === 'object') n += keyCount(x);
  }
  return n;
}
