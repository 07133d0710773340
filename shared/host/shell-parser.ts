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
 * The work a parse may cost, in `?`/`@` characters times the command's length. tree-sitter-bash
 * 0.25.1 (scanner.c, its extglob lookahead) reads ahead from every unquoted `?` or `@` for a
 * `?(…)`/`@(…)` pattern, so a word of thousands of them parses in time quadratic in its length:
 * measured, `'a?'.repeat(1000)` (2·10⁶) 103 ms, 100 `?` spread over 10,000 characters (10⁶)
 * 53 ms, `'a?(b)'.repeat(100)` (5·10⁵) about 45 ms, `'a?'.repeat(500)` (5·10⁵) 19 ms. At this
 * product a parse stays near 50 ms; past it the command is not parsed at all.
 */
export const MAX_EXTGLOB_SCAN = 500_000;

/** The characters the grammar's extglob lookahead starts from. */
const EXTGLOB_MARK = /[?@]/g;

/**
 * Why a command is too costly to parse (see `MAX_EXTGLOB_SCAN`), or undefined when it is not. A
 * command RuleLens did not read is never allowed: callers answer at most ask, never their
 * dialect's "does not parse" path. Quoted marks count too (a cheap, conservative count).
 * @example shellParseRefusal('a?'.repeat(4000)) // 'the command holds 4000 `?`/`@` …'
 */
export function shellParseRefusal(command: string): string | undefined {
  // A command no longer than the limit's square root cannot hold too many marks: no count needed.
  if (command.length * command.length <= MAX_EXTGLOB_SCAN) return undefined;
  const marks = command.match(EXTGLOB_MARK)?.length ?? 0;
  if (marks * command.length <= MAX_EXTGLOB_SCAN) return undefined;
  const most = Math.floor(MAX_EXTGLOB_SCAN / command.length);
  return `the command holds ${marks} \`?\`/\`@\` in ${command.length} characters; RuleLens reads at most ${most} at this length (the shell grammar's cost grows with their number times the command's length, MAX_EXTGLOB_SCAN ${MAX_EXTGLOB_SCAN}): not parsed`;
}

/**
 * Parses a command and hands the syntax tree's root to `fn`, freeing the tree afterwards (trees
 * live in wasm memory). Undefined when the parser is not ready, gave no tree, or the command is
 * too costly to parse (`shellParseRefusal` says so; callers check it first to tell the cases apart).
 * @example withShellTree('ls && pwd', (root) => root.hasError) // false
 */
export function withShellTree<T>(command: string, fn: (root: SyntaxNode) => T): T | undefined {
  if (shellParseRefusal(command) !== undefined) return undefined;
  return bash.withTree(command, fn);
}

export type { SyntaxNode };
