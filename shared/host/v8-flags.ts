import { setFlagsFromString } from 'v8';

/**
 * V8 settings the language server runs with: a smaller inlining budget for the optimizing compiler
 * (V8's defaults: 460 bytecodes per inlined function, 920 per optimized function). The engine has
 * large functions that run once per check over thousands of rules; the first checks of a process
 * spend nearly half their CPU compiling them on V8's background threads, and with less inlining
 * there is less to compile. Measured side by side on the server benchmark's 5,000-rule file: the
 * median of opens 2 to 10 of a process took 51.5 ms against 62.1 ms, a warm open 34.3 against
 * 36.9 ms (its main thread 27.8 against 27.5 ms). See docs/performance.md.
 *
 * Set at run time, so every way the server starts gets them (VS Code's fork, `rulelens lsp`, the
 * `rulelens-language-server` binary): node, and Electron when it runs node for VS Code, keep V8's
 * flags writable after start for `v8.setFlagsFromString`.
 *
 * The CLI keeps V8's defaults: node's own modules carry compiled code keyed by the flags, and a
 * flag set while it starts made a small `check` compile them afresh (about 5% more CPU), while most
 * runs are small.
 */
export const COMPILER_FLAGS: readonly string[] = ['--max-inlined-bytecode-size=200', '--max-inlined-bytecode-size-cumulative=300'];

let applied: readonly string[] | undefined;

/**
 * Applies `COMPILER_FLAGS` to this process, once, leaving out any flag the process was started
 * with (a user's own `--max-inlined-bytecode-size=…` wins); returns the flags applied. Call it
 * before the engine runs. Not in a process that loads cached code (bin/compile-cache.js): V8
 * rejects code cached under other flags.
 * @example tuneCompiler() // ['--max-inlined-bytecode-size=200', '--max-inlined-bytecode-size-cumulative=300']
 */
export function tuneCompiler(): readonly string[] {
  if (applied) return applied;
  const given = new Set(process.execArgv.map((a) => a.split('=')[0].replace(/_/g, '-')));
  applied = COMPILER_FLAGS.filter((f) => !given.has(f.split('=')[0]));
  for (const f of applied) setFlagsFromString(f);
  return applied;
}
