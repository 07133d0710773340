import { Language, Parser, type Node as SyntaxNode } from 'web-tree-sitter';
import { lazyGrammar, locateWasm } from './tree-sitter';

/** The runtime and grammar files, found next to the bundle (dist/) or in node_modules. */
export const RUNTIME_WASM = 'web-tree-sitter.wasm';
export const BASH_WASM = 'tree-sitter-bash.wasm';

/*
 * The one piece of module state in the dialect: web-tree-sitter loads its wasm asynchronously, so
 * the parser is created once by `initShellParser` and then used synchronously by evaluation.
 */
const bash = lazyGrammar(async () => {
  const runtime = locateWasm(RUNTIME_WASM, `web-tree-sitter/${RUNTIME_WASM}`);
  await Parser.init({ locateFile: () => runtime });
  const p = new Parser();
  p.setLanguage(await Language.load(locateWasm(BASH_WASM, `tree-sitter-bash/${BASH_WASM}`)));
  return p;
});

/**
 * Loads the bash grammar so Bash commands can be split into sub-commands. Idempotent; call once at
 * start-up. Until it resolves, evaluation fails closed (at most ask; denies still apply).
 * @example await initShellParser(); evaluateClaude(rs, { tool: 'Bash', command: 'ls && pwd' })
 */
export function initShellParser(): Promise<void> {
  return bash.init();
}

/** @example isShellParserReady() // false before initShellParser() resolves */
export function isShellParserReady(): boolean {
  return bash.ready();
}

/**
 * Parses a command and hands the syntax tree's root to `fn`, freeing the tree afterwards (trees
 * live in wasm memory). Undefined when the parser is not ready or gave no tree.
 * @example withShellTree('ls && pwd', (root) => root.hasError) // false
 */
export function withShellTree<T>(command: string, fn: (root: SyntaxNode) => T): T | undefined {
  return bash.withTree(command, fn);
}

export type { SyntaxNode };
