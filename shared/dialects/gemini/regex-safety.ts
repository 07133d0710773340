/** Gemini drops a rule whose pattern is longer than this. */
export const MAX_PATTERN_LENGTH = 2048;

/**
 * Gemini's own acceptance test for a rule's regex (it drops the rule otherwise): it compiles, it
 * is at most 2048 characters, and it has no group holding a quantifier that is itself quantified
 * (Gemini's heuristic against catastrophic backtracking, reproduced character for character).
 * @example unsafeRegexReason('(a+)+') // 'nested quantifiers (a possible ReDoS)'
 */
export function unsafeRegexReason(pattern: string): string | null {
  try {
    new RegExp(pattern);
  } catch (e) {
    return `invalid regular expression: ${(e as Error).message}`;
  }
  if (pattern.length > MAX_PATTERN_LENGTH) return `longer than ${MAX_PATTERN_LENGTH} characters`;
  if (hasNestedQuantifier(pattern)) return 'nested quantifiers (a possible ReDoS)';
  return null;
}

const QUANT = new Set(['*', '+', '?', '{']);
const LINE_END = new Set(['\n', '\r', '\u2028', '\u2029']);

/**
 * Gemini's check is "a `(`, then any non-`)` characters including a quantifier, then anything,
 * then a `)` followed by a quantifier"; this scan answers the same question without a regex.
 */
function hasNestedQuantifier(p: string): boolean {
  for (let open = p.indexOf('('); open >= 0; open = p.indexOf('(', open + 1)) {
    let q = -1;
    for (let i = open + 1; i < p.length && p[i] !== ')'; i++) {
      if (QUANT.has(p[i])) {
        q = i;
        break;
      }
    }
    if (q < 0) continue;
    // `.` in Gemini's check stops at line terminators.
    for (let i = q + 1; i < p.length && !LINE_END.has(p[i]); i++) {
      if (p[i] === ')' && i + 1 < p.length && QUANT.has(p[i + 1])) return true;
    }
  }
  return false;
}
