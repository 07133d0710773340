import { existsSync } from 'fs';
import { join } from 'path';
import { Language, Parser, type Node as SyntaxNode } from 'web-tree-sitter';

/** The runtime and grammar files, found next to the bundle (dist/) or in node_modules. */
export const RUNTIME_WASM = 'web-tree-sitter.wasm';
export const BASH_WASM = 'tree-sitter-bash.wasm';

/*
 * The one piece of module state in the dialect: web-tree-sitter loads its wasm asynchronously, so
 * the parser is created once by `initShellParser` and then used synchronously by evaluation.
 */
let parser: Parser | undefined;
let loading: Promise<void> | undefined;

function locate(file: string, packageSpecifier: string): string {
  const candidates = [join(__dirname, file)];
  try {
    candidates.push(require.resolve(packageSpecifier));
  } catch {
    // not resolvable from a bundle: the copy next to it is the one to use
  }
  const found = candidates.find((c) => existsSync(c));
  if (!found) throw new Error(`cannot find ${file} (looked in ${candidates.join(', ')})`);
  return found;
}

/**
 * Loads the bash grammar so Bash commands can be split into sub-commands. Idempotent; call once at
 * start-up. Until it resolves, evaluation fails closed (at most ask; denies still apply).
 * @example await initShellParser(); evaluateClaude(rs, { tool: 'Bash', command: 'ls && pwd' })
 */
export async function initShellParser(): Promise<void> {
  if (parser) return;
  loading ??= (async () => {
    const runtime = locate(RUNTIME_WASM, `web-tree-sitter/${RUNTIME_WASM}`);
    await Parser.init({ locateFile: () => runtime });
    const language = await Language.load(locate(BASH_WASM, `tree-sitter-bash/${BASH_WASM}`));
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

/** @example isShellParserReady() // false before initShellParser() resolves */
export function isShellParserReady(): boolean {
  return parser !== undefined;
}

/**
 * Parses a command and hands the syntax tree's root to `fn`, freeing the tree afterwards (trees
 * live in wasm memory). Undefined when the parser is not ready or gave no tree.
 * @example withShellTree('ls && pwd', (root) => root.hasError) // false
 */
export function withShellTree<T>(command: string, fn: (root: SyntaxNode) => T): T | undefined {
  if (!parser) return undefined;
  const tree = parser.parse(command);
  if (!tree) return undefined;
  try {
    return fn(tree.rootNode);
  } finally {
    tree.delete();
  }
}

export type { SyntaxNode };
