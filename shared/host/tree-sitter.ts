import { existsSync } from 'fs';
import { join } from 'path';
import type * as V8 from 'v8';
import type { Node as SyntaxNode, Parser, Tree } from 'web-tree-sitter';

/**
 * A grammar's or runtime's wasm file: the copy next to the bundle (dist/), else the package's own.
 * @example locateWasm('tree-sitter-bash.wasm', 'tree-sitter-bash/tree-sitter-bash.wasm')
 */
export function locateWasm(file: string, packageSpecifier: string): string {
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

/** A tree-sitter parser loaded once, asynchronously (WebAssembly), then used synchronously. */
export interface LazyGrammar {
  /** Loads the parser; idempotent, and a failed load can be retried. */
  init(): Promise<void>;
  ready(): boolean;
  /** Parses `text` and hands the root to `fn`, freeing the tree afterwards (trees live in wasm memory); undefined when not ready. */
  withTree<T>(text: string, fn: (root: SyntaxNode) => T): T | undefined;
  /**
   * Parses `text` reusing `old` (already `edit`ed to match it): the caller owns the tree and frees
   * it with `delete()`. Undefined when not ready.
   */
  parseTree(text: string, old?: Tree): Tree | undefined;
}

/**
 * Keeps V8 from recompiling the grammars' WebAssembly with its optimizing tier. A grammar's lexer
 * and parse tables are a few huge functions; optimizing them once they run hot took about half the
 * CPU of linting a 933-rule Claude Code settings file (on threads of their own), and the baseline
 * code parses one-line commands no slower (844 commands: 10 ms of CPU against 40 ms once warm).
 * Set before the first module compiles; it concerns only WebAssembly, which nothing else here uses.
 */
function baselineWasmOnly(): void {
  try {
    // Required here, not imported: loading `v8` costs a pure OpenCode check a few ms at start.
    (require('v8') as typeof V8).setFlagsFromString('--liftoff-only');
  } catch {
    // an engine without the flag compiles as it always does
  }
}

/**
 * One parser behind `load`, created on the first `init()`.
 * @example const g = lazyGrammar(loadBash); await g.init(); g.withTree('ls', (r) => r.hasError) // false
 */
export function lazyGrammar(load: () => Promise<Parser>): LazyGrammar {
  let parser: Parser | undefined;
  let loading: Promise<void> | undefined;
  return {
    async init() {
      if (parser) return;
      if (!loading) baselineWasmOnly();
      loading ??= load().then((p) => {
        parser = p;
      });
      try {
        await loading;
      } catch (e) {
        loading = undefined;
        throw e;
      }
    },
    ready: () => parser !== undefined,
    withTree(text, fn) {
      if (!parser) return undefined;
      const tree = parser.parse(text);
      if (!tree) return undefined;
      try {
        return fn(tree.rootNode);
      } finally {
        tree.delete();
      }
    },
    parseTree(text, old) {
      return parser?.parse(text, old) ?? undefined;
    },
  };
}
