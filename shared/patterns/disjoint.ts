import { isExactAlt, literalHead, literalTail, type Atom, type Wildcard } from './wildcard';

function altsDisjoint(x: readonly Atom[], y: readonly Atom[]): boolean {
  const xe = isExactAlt(x);
  const ye = isExactAlt(y);
  const xh = literalHead(x);
  const yh = literalHead(y);
  if (xe && ye) return xh !== yh;
  // The shorter fixed start must begin the longer one, and the shorter end finish the longer one.
  if (!(xh.length <= yh.length ? yh.startsWith(xh) : xh.startsWith(yh))) return true;
  const xt = xe ? xh : literalTail(x);
  const yt = ye ? yh : literalTail(y);
  return !(xt.length <= yt.length ? yt.endsWith(xt) : xt.endsWith(yt));
}

/**
 * True only when no word matches both patterns, told from their fixed beginnings and endings
 * (`area1/*` and `area2/*` never meet); false means "may meet". Cheap enough to sort thousands of
 * rules before any automaton is built: the ends are read in place, nothing is kept per pattern.
 * @example provablyDisjoint(opencodePattern('src/*'), opencodePattern('docs/*')) // true
 */
export function provablyDisjoint(a: Wildcard, b: Wildcard): boolean {
  for (const x of a.alts) for (const y of b.alts) if (!altsDisjoint(x, y)) return false;
  return true;
}
