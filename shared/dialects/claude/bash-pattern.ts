import { atomsOf, compile, matches, type CompiledWildcard, type Wildcard } from '../../patterns/wildcard';

/** The legacy prefix marker: `Bash(npm:*)` means `Bash(npm *)`, but only at the very end. */
export const LEGACY_PREFIX = ':*';
/** The word-boundary suffix: `Bash(ls *)` also admits the bare `ls` when it is the only wildcard. */
export const WORD_SUFFIX = ' *';

/**
 * Compiles a Bash specifier to the canonical wildcard form shared with the analyser. `*` matches any
 * text (spaces included); a trailing ` *` that is the only wildcard also matches the bare command,
 * so `ls *` admits `ls` and `ls -la` but not `lsof`; a trailing `:*` is read as ` *`.
 * A missing specifier (`Bash`) matches every command.
 * @example bashPattern('ls *').alts.length // 2: `ls` and `ls ` followed by anything
 */
export function bashPattern(specifier: string | null): Wildcard {
  if (specifier === null) return { source: '*', alts: [[{ t: 'star' }]] };
  let body = specifier;
  if (body.endsWith(LEGACY_PREFIX)) body = body.slice(0, -LEGACY_PREFIX.length).trimEnd() + WORD_SUFFIX;
  const main = atomsOf(body, { star: true, one: false });
  const alts = [main];
  const stars = main.filter((a) => a.t === 'star').length;
  if (stars === 1 && body.endsWith(WORD_SUFFIX) && body.length > WORD_SUFFIX.length) {
    alts.push(atomsOf(body.slice(0, -WORD_SUFFIX.length), { star: false, one: false }));
  }
  return { source: specifier, alts };
}

/**
 * Compiles a Bash specifier for repeated matching.
 * @example bashMatches(compileBash('git status'), 'git status') // true
 */
export function compileBash(specifier: string | null): { pattern: Wildcard; compiled: CompiledWildcard } {
  const pattern = bashPattern(specifier);
  return { pattern, compiled: compile(pattern) };
}

/** @example bashMatches(compileBash('ls *').compiled, 'lsof') // false */
export function bashMatches(compiled: CompiledWildcard, command: string): boolean {
  return matches(compiled, command);
}
