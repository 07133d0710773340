import { existsSync } from 'fs';
import { join } from 'path';
import { Language, Parser, type Node as SyntaxNode } from 'web-tree-sitter';
import { initShellParser } from '../claude/shell-parser';

/** The Python grammar (a superset of Starlark's syntax), found next to the bundle or in node_modules. */
export const PYTHON_WASM = 'tree-sitter-python.wasm';

/*
 * Loaded once, asynchronously (WebAssembly), then used synchronously by `parseCodex`. Codex hosts
 * await `initStarlarkParser()` before parsing; a parse before that fails closed with a finding.
 */
let parser: Parser | undefined;
let loading: Promise<void> | undefined;

function locate(): string {
  const candidates = [join(__dirname, PYTHON_WASM)];
  try {
    candidates.push(require.resolve(`tree-sitter-python/${PYTHON_WASM}`));
  } catch {
    // inside a bundle: the copy next to it is the one
  }
  const found = candidates.find((c) => existsSync(c));
  if (!found) throw new Error(`cannot find ${PYTHON_WASM} (looked in ${candidates.join(', ')})`);
  return found;
}

/**
 * Loads the Starlark (Python grammar) parser. Idempotent. The web-tree-sitter runtime is shared
 * with the shell parser, which is initialised first.
 * @example await initStarlarkParser(); parseCodex({ path: 'default.rules', text })
 */
export async function initStarlarkParser(): Promise<void> {
  if (parser) return;
  loading ??= (async () => {
    await initShellParser();
    const language = await Language.load(locate());
    const p = new Parser();
    p.setLanguage(language);
    parser = p;
  })();
  try {
    await loading;
  } catch (e) {
    loading = undefined;
    throw e;
  }
}

/** @example isStarlarkParserReady() // false before initStarlarkParser() resolves */
export function isStarlarkParserReady(): boolean {
  return parser !== undefined;
}

/**
 * Parses a rules file and hands the tree's root to `fn`, freeing the tree afterwards.
 * Undefined when the parser is not loaded.
 * @example withStarlarkTree('prefix_rule(pattern=["ls"])', (root) => root.hasError) // false
 */
export function withStarlarkTree<T>(text: string, fn: (root: SyntaxNode) => T): T | undefined {
  if (!parser) return undefined;
  const tree = parser.parse(text);
  if (!tree) return undefined;
  try {
    return fn(tree.rootNode);
  } finally {
    tree.delete();
  }
}

export type { SyntaxNode };
