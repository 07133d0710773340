import { Edit, Language, Parser, type Node as SyntaxNode, type Point, type Tree } from 'web-tree-sitter';
import { lazyGrammar, locateWasm } from '../../host/tree-sitter';
import { initShellParser } from '../../host/shell-parser';
import type { StarlarkResult, StatementMemo } from './starlark-eval';

/** The Python grammar (a superset of Starlark's syntax), found next to the bundle or in node_modules. */
export const PYTHON_WASM = 'tree-sitter-python.wasm';

/*
 * Loaded once, asynchronously (WebAssembly), then used synchronously by `parseCodex`. Codex hosts
 * await `initStarlarkParser()` before parsing; a parse before that fails closed with a finding.
 */
const starlark = lazyGrammar(async () => {
  await initShellParser();
  const p = new Parser();
  p.setLanguage(await Language.load(locateWasm(PYTHON_WASM, `tree-sitter-python/${PYTHON_WASM}`)));
  return p;
});

/**
 * Loads the Starlark (Python grammar) parser. Idempotent. The web-tree-sitter runtime is shared
 * with the shell parser, which is initialised first.
 * @example await initStarlarkParser(); parseCodex({ path: 'default.rules', text })
 */
export function initStarlarkParser(): Promise<void> {
  return starlark.init();
}

/** @example isStarlarkParserReady() // false before initStarlarkParser() resolves */
export function isStarlarkParserReady(): boolean {
  return starlark.ready();
}

/**
 * Parses a rules file and hands the tree's root to `fn`, freeing the tree afterwards.
 * Undefined when the parser is not loaded.
 * @example withStarlarkTree('prefix_rule(pattern=["ls"])', (root) => root.hasError) // false
 */
export function withStarlarkTree<T>(text: string, fn: (root: SyntaxNode) => T): T | undefined {
  return starlark.withTree(text, fn);
}

/** Files whose last tree and statements are kept for the next parse of the same file (trees live in wasm memory). */
export const MAX_KEPT_DOCUMENTS = 4;

interface KeptDocument {
  text: string;
  tree: Tree;
  statements: ReadonlyMap<string, StarlarkResult>;
}

/** By file, oldest first. */
const documents = new Map<string, KeptDocument>();

/**
 * Parses a rules file as `withStarlarkTree` does, but incrementally: the file's previous tree is
 * edited to the new text (the changed runs of lines, `textEdits`) and parsed again from it,
 * and `fn` gets the previous parse's statement results to reuse. The tree is the one a fresh
 * parse gives (tree-sitter's incremental parse), so what `fn` computes is too.
 * @example withStarlarkDocument('a.rules', text, (root, statements) => evaluateStarlark(root, { text, statements }))
 */
export function withStarlarkDocument<T>(key: string, text: string, fn: (root: SyntaxNode, statements: StatementMemo) => T): T | undefined {
  if (!starlark.ready()) return undefined;
  const prev = documents.get(key);
  documents.delete(key);
  let tree: Tree | undefined;
  if (prev && prev.text === text) tree = prev.tree;
  else {
    if (prev) for (const e of textEdits(prev.text, text)) prev.tree.edit(e);
    tree = starlark.parseTree(text, prev?.tree);
    prev?.tree.delete();
  }
  if (!tree) return undefined;
  const statements: StatementMemo = { previous: prev?.statements ?? new Map(), next: new Map() };
  let out: T;
  try {
    out = fn(tree.rootNode, statements);
  } catch (e) {
    tree.delete();
    throw e;
  }
  documents.set(key, { text, tree, statements: statements.used ? statements.next : statements.previous });
  for (const [k, d] of documents) {
    if (documents.size <= MAX_KEPT_DOCUMENTS) break;
    d.tree.delete();
    documents.delete(k);
  }
  return out;
}

/** Forgets every kept tree (tests; a host that wants the memory back). */
export function forgetStarlarkDocuments(): void {
  for (const d of documents.values()) d.tree.delete();
  documents.clear();
}

/** At most this many separate edits are given to tree-sitter for one change; more become one span. */
export const MAX_EDIT_HUNKS = 64;

/** Row and column (UTF-16 code units, as web-tree-sitter counts) of an offset. */
function pointAt(text: string, at: number): Point {
  let row = 0;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i >= 0 && i < at; i = text.indexOf('\n', i + 1)) {
    row++;
    lineStart = i + 1;
  }
  return { row, column: at - lineStart };
}

/** The point reached from `from` by writing `chunk`. */
function advance(from: Point, chunk: string): Point {
  const last = chunk.lastIndexOf('\n');
  if (last < 0) return { row: from.row, column: from.column + chunk.length };
  let rows = 0;
  for (let i = chunk.indexOf('\n'); i >= 0; i = chunk.indexOf('\n', i + 1)) rows++;
  return { row: from.row + rows, column: chunk.length - last - 1 };
}

/** Whole lines of a chunk, each with its newline. */
function linesOf(chunk: string): string[] {
  const out: string[] = [];
  let at = 0;
  while (at < chunk.length) {
    const nl = chunk.indexOf('\n', at);
    const end = nl < 0 ? chunk.length : nl + 1;
    out.push(chunk.slice(at, end));
    at = end;
  }
  return out;
}

/**
 * The edits turning `old` into `next`, in the order to apply them: the lines between the common
 * prefix and suffix, split into runs of changed lines when both sides have as many (a rule
 * retyped here and another there is two small edits, not everything between them), last first,
 * so each edit's offsets are the old text's.
 * @example textEdits('a\nb\nc\n', 'a\nB\nc\n')[0].startIndex // 2
 */
export function textEdits(old: string, next: string): Edit[] {
  const most = Math.min(old.length, next.length);
  let start = 0;
  while (start < most && old.charCodeAt(start) === next.charCodeAt(start)) start++;
  let tail = 0;
  while (tail < most - start && old.charCodeAt(old.length - 1 - tail) === next.charCodeAt(next.length - 1 - tail)) tail++;
  // Whole lines: back to the start of the line, on to the end of one (both sides share prefix and suffix).
  start = old.lastIndexOf('\n', start - 1) + 1;
  let oldEnd = old.length - tail;
  if (!(oldEnd > start && old.charCodeAt(oldEnd - 1) === 10 && next.charCodeAt(next.length - tail - 1) === 10)) {
    const nl = old.indexOf('\n', oldEnd);
    oldEnd = nl < 0 ? old.length : nl + 1;
  }
  const newEnd = next.length - (old.length - oldEnd);
  const before = linesOf(old.slice(start, oldEnd));
  const after = linesOf(next.slice(start, newEnd));
  const hunks: { at: number; oldLen: number; text: string }[] = [];
  if (before.length === after.length) {
    let at = start;
    for (let i = 0; i < before.length; i++) {
      if (before[i] !== after[i]) {
        const last = hunks[hunks.length - 1];
        if (last && last.at + last.oldLen === at) {
          last.oldLen += before[i].length;
          last.text += after[i];
        } else hunks.push({ at, oldLen: before[i].length, text: after[i] });
      }
      at += before[i].length;
    }
  }
  if (hunks.length === 0 || hunks.length > MAX_EDIT_HUNKS) {
    hunks.length = 0;
    hunks.push({ at: start, oldLen: oldEnd - start, text: next.slice(start, newEnd) });
  }
  return hunks.reverse().map((h) => {
    const startPosition = pointAt(old, h.at);
    return new Edit({
      startIndex: h.at,
      oldEndIndex: h.at + h.oldLen,
      newEndIndex: h.at + h.text.length,
      startPosition,
      oldEndPosition: advance(startPosition, old.slice(h.at, h.at + h.oldLen)),
      newEndPosition: advance(startPosition, h.text),
    });
  });
}

export type { SyntaxNode };
