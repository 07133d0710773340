import { atomsOf, compile, type CompiledWildcard, type Wildcard } from '../../patterns/wildcard';

/** Both wildcards are OpenCode's. */
const WILD = { star: true, one: true };

/**
 * OpenCode's pattern language in canonical form: anchored; `*` any run (crossing `/` and
 * newlines); `?` one character; everything else literal; backslashes read as `/`; a trailing
 * ` *` also matches without that suffix (`git *` matches `git`).
 * @example opencodePattern('git *').alts.length // 2 — `git ␣*` and bare `git`
 */
export function opencodePattern(text: string): Wildcard {
  const p = normalizeInput(text);
  // As OpenCode's Wildcard.match (packages/opencode/src/util/wildcard.ts, 1.18.33) does: the final
  // " *" becomes optional whatever precedes it, so `git  *` (two spaces) also matches `git `.
  if (p.endsWith(' *')) {
    const bare = p.slice(0, -2);
    return { source: text, alts: [atomsOf(p, WILD), atomsOf(bare, WILD)], notes: undefined, shapes: undefined, compiled: undefined };
  }
  return { source: text, alts: [atomsOf(p, WILD)], notes: undefined, shapes: undefined, compiled: undefined };
}

/** Inputs are normalized the same way as patterns before matching. */
export function normalizeInput(s: string): string {
  return s.indexOf('\\') >= 0 ? s.replace(/\\/g, '/') : s;
}

/** @example compileOpencode('docs/*') */
export function compileOpencode(text: string): CompiledWildcard {
  return compile(opencodePattern(text));
}
