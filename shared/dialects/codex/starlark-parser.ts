import { Language, Parser, type Node as SyntaxNode } from 'web-tree-sitter';
import { lazyGrammar, locateWasm } from '../../host/tree-sitter';
import { initShellParser } from '../../host/shell-parser';

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

export type { SyntaxNode };
