/**
 * The commands Copilot CLI 1.0.102 was seen to run without any flag (its read-only classifier in
 * `runtime.node`, `shell_command_analysis.rs`, is compiled and not readable). Only observed forms
 * are listed: any other command asks here, so a command Copilot would approve on its own may show
 * as ask — never the other way round.
 */
const OBSERVED: ReadonlyArray<{ words: readonly string[]; args: 'any' | 'none' }> = [
  { words: ['echo'], args: 'any' },
  { words: ['cat'], args: 'any' },
  { words: ['ls'], args: 'any' },
  { words: ['pwd'], args: 'none' },
  { words: ['git', 'status'], args: 'any' },
  { words: ['git', 'log'], args: 'any' },
];

/**
 * Why a simple command is in the observed read-only set, or undefined. A command with a redirect
 * or hidden code is never read-only here (the redirect is judged as a write on its own).
 * @example builtinReadOnly(['git', 'status'], false) // 'git status'
 */
export function builtinReadOnly(words: readonly string[], extras: boolean): string | undefined {
  if (extras || words.length === 0) return undefined;
  for (const o of OBSERVED) {
    if (!o.words.every((w, i) => words[i] === w)) continue;
    if (o.args === 'none' && words.length > o.words.length) continue;
    return o.words.join(' ');
  }
  return undefined;
}
