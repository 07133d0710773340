import { compileGlob } from './glob';

/**
 * Minimatch-style syntax that dialects with only `*` (and `?`) as wildcards read literally. A class
 * is looked for from the start of each `]`-free run, so a run of unclosed `[` costs linear time.
 */
export const GLOB_SYNTAX = /\*\*\/|\{[^{},]*,[^{}]*\}|(?<![^\]])[^[\]]*\[[^\]]+\]|^!/;

/**
 * Concrete strings a glob user would expect `pattern` to match, the most recognisable first:
 * globstar directories dropped (a root `.env` for a `.env*` under any folder), a trailing star as
 * the empty run, inner stars as `a`, the first alternative of a brace, the first character of a
 * class, no `!`.
 * @example literalGlobCandidates('docs/{a,b}.md')[0] // 'docs/a.md'
 */
export function literalGlobCandidates(pattern: string): string[] {
  const concrete = (s: string, trailing: string) =>
    s
      .replace(/\{([^{},]*),[^{}]*\}/g, '$1')
      .replace(/(?<![^\]])([^[\]]*)\[([^\]]+)\]/g, (_m, before: string, body: string) => before + body[0])
      .replace(/(?<!\*)\*+$/, trailing)
      .replace(/\*+/g, 'a')
      .replace(/\?/g, 'a')
      .replace(/^!/, '');
  const out = new Set<string>();
  for (const star of ['', 'a']) {
    out.add(concrete(pattern.replace(/^(?:\*\*\/)+/, ''), star));
    out.add(concrete(pattern.replace(/\*\*\//g, ''), star));
    out.add(concrete(pattern, star));
  }
  return [...out];
}

/**
 * Whether a glob user would expect `pattern` to match `s`: minimatch semantics on the whole text
 * (a leading `!` read as the pattern it negates, since that is what the writer had in mind), or,
 * for command patterns, word by word as a shell with globstar would expand each word.
 * @example globExpects('git {push,pull} *', { words: true })('git push a') // true
 */
export function globExpects(pattern: string, opts: { words?: boolean } = {}): (s: string) => boolean {
  const positive = pattern.replace(/^!/, '');
  // Undecided answers (over the matcher's budget) count as "not expected": no finding.
  const whole = compileGlob(positive, { dot: true });
  const words = positive.split(' ').map((w) => (w === '' ? undefined : compileGlob(w, { dot: true })));
  return (s) => {
    if (whole.test(s) === true) return true;
    if (!opts.words) return false;
    const parts = s.split(' ');
    return parts.length === words.length && parts.every((p, i) => { const w = words[i]; return w ? w.test(p) === true : p === ''; });
  };
}

/**
 * A string a glob user would expect the pattern to match that the dialect's real matcher does
 * not, or undefined when none of the candidates differ. `accepts` filters candidates that are not
 * valid inputs for the dialect (an omp command is whitespace-normalized).
 * @example literalGlobWitness('[abc].md', (s) => s === '[abc].md') // 'a.md'
 */
export function literalGlobWitness(pattern: string, dialectMatches: (s: string) => boolean, opts: { words?: boolean; accepts?: (s: string) => boolean } = {}): string | undefined {
  const ok = (c: string) => (opts.accepts?.(c) ?? true) && !dialectMatches(c);
  if (pattern.startsWith('!')) {
    // A negation is expected to cover everything else: an unrelated input shows it does not.
    const negated = compileGlob(pattern, { dot: true });
    const other = NEGATION_CANDIDATES.find((c) => negated.test(c) === true && ok(c));
    if (other !== undefined) return other;
  }
  const expects = globExpects(pattern, opts);
  return literalGlobCandidates(pattern).find((c) => expects(c) && ok(c));
}

/** Inputs unrelated to most patterns, for a negation to be expected to cover. */
const NEGATION_CANDIDATES = ['ls', 'README.md', 'a'];
