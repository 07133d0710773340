import { atomsOf, compile, type CompiledWildcard, type Wildcard } from '../../patterns/wildcard';

/** Any whitespace run (spaces, tabs, newlines, Unicode spaces) counts as one space. */
const WHITESPACE_RUN = /\s+/g;

/**
 * Trims and collapses every whitespace run to one space, as the agent does for both the pattern
 * and the command before comparing them.
 * @example normalizeWhitespace('  git\t push\n*') // 'git push *'
 */
export function normalizeWhitespace(text: string): string {
  return text.replace(WHITESPACE_RUN, ' ').trim();
}

/**
 * An omp `match` in canonical form: `*` is the only wildcard, `?` and every other character are
 * literal, anchored at both ends, case-sensitive.
 * @example ompPattern('git push *').alts[0].length // 2 — literal `git push ` then a star
 */
export function ompPattern(match: string): Wildcard {
  const normalized = normalizeWhitespace(match);
  return { source: normalized, alts: [atomsOf(normalized, { star: true, one: false })] };
}

/** @example matches(compileOmp('printf *'), 'printf x') // true */
export function compileOmp(match: string): CompiledWildcard {
  return compile(ompPattern(match));
}
