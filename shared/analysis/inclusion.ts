import type { Atom, Wildcard } from '../patterns/wildcard';
import type { Language } from './automata';

/**
 * A fast, sound test of language inclusion between glob patterns, tried before any automaton is
 * built. It reads the inner pattern as a string of tokens (a literal unit, "any one unit", "any
 * run") and asks whether the outer pattern matches that string, where an outer `*` takes any run
 * of tokens, an outer `?` one literal or `?` token, and an outer literal only the same literal.
 * Whatever parse matches the tokens also matches every word the inner pattern stands for, so a
 * `true` is a proof; a `false` only means "ask the automata".
 */

const ANY = -1;
const RUN = -2;

function tokensOf(alt: readonly Atom[]): number[] {
  const out: number[] = [];
  for (const a of alt) {
    if (a.t === 'lit') for (let i = 0; i < a.s.length; i++) out.push(a.s.charCodeAt(i));
    else out.push(a.t === 'one' ? ANY : RUN);
  }
  return out;
}

/**
 * Steps the comparison of two token strings may take, per token of both, before it answers "not
 * proved" (the automata decide then, under their own budget): restarting after the last run is
 * quadratic on adversarial pairs (`*aaa…ab` over `aaa…a*`), and this test is only a shortcut.
 */
export const INCLUSION_STEPS_PER_TOKEN = 8;
/** Steps any comparison may take, however short its patterns. */
const INCLUSION_STEP_SLACK = 4_096;

/** Whether the outer token string, read as a glob, matches the inner token string (false: not proved). */
function tokensMatch(outer: readonly number[], inner: readonly number[]): boolean {
  // Classic two-pointer glob matching with backtracking to the last outer run, exact for this
  // token alphabet because an outer run may absorb any tokens, runs included; bounded in steps.
  let o = 0;
  let i = 0;
  let runAt = -1;
  let resume = 0;
  let steps = INCLUSION_STEPS_PER_TOKEN * (outer.length + inner.length) + INCLUSION_STEP_SLACK;
  while (i < inner.length) {
    if (--steps < 0) return false;
    const t = outer[o];
    if (o < outer.length && t !== RUN && (t === inner[i] || (t === ANY && inner[i] !== RUN))) {
      o++;
      i++;
    } else if (o < outer.length && t === RUN) {
      runAt = o++;
      resume = i;
    } else if (runAt >= 0) {
      o = runAt + 1;
      i = ++resume;
    } else return false;
  }
  while (o < outer.length && outer[o] === RUN) o++;
  return o === outer.length;
}

const tokenCache = new WeakMap<Wildcard, number[][]>();

function altTokens(w: Wildcard): number[][] {
  let t = tokenCache.get(w);
  if (!t) tokenCache.set(w, (t = w.alts.map(tokensOf)));
  return t;
}

/**
 * True when every word of `inner` is provably a word of `outer` (each inner alternative matched,
 * token for token, by one outer alternative). Sound, not complete.
 * @example patternIncludes(opencodePattern('git *'), opencodePattern('git *log*')) // true
 */
export function patternIncludes(outer: Wildcard, inner: Wildcard): boolean {
  const os = altTokens(outer);
  return altTokens(inner).every((it) => os.some((ot) => tokensMatch(ot, it)));
}

/**
 * `patternIncludes` for a rule's language (a pattern, or an action × resource pair).
 * @example languageIncludes(pair('*', '*'), pair('edit', 'secrets/*')) // true
 */
export function languageIncludes(outer: Language, inner: Language): boolean {
  if (outer.kind === 'one' && inner.kind === 'one') return patternIncludes(outer.w, inner.w);
  if (outer.kind === 'pair' && inner.kind === 'pair') {
    if (inner.a.alts.length === 0 || inner.b.alts.length === 0) return true;
    return patternIncludes(outer.a, inner.a) && patternIncludes(outer.b, inner.b);
  }
  return false;
}

/**
 * A glob language is empty only when it has no alternative at all.
 * @example languageNonEmpty(pair('edit', '*')) // true
 */
export function languageNonEmpty(l: Language): boolean {
  return l.kind === 'one' ? l.w.alts.length > 0 : l.a.alts.length > 0 && l.b.alts.length > 0;
}
