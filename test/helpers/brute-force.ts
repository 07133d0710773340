import { DFA, NFA, type CharSet } from 'refa';

/**
 * Every string up to `max` units long over `units`, shortest first, the empty string included.
 * @example strings(['a', 'b'], 2) // ['', 'a', 'b', 'aa', 'ab', 'ba', 'bb']
 */
export function strings(units: readonly string[], max: number): string[] {
  const out = [''];
  let layer = [''];
  for (let n = 1; n <= max; n++) {
    layer = layer.flatMap((s) => units.map((u) => s + u));
    out.push(...layer);
  }
  return out;
}

/**
 * `a ∩ within` minus the union of `ms`: what a rule matches that no covering rule does.
 * @example minus(rule, null, [later1, later2]).isEmpty // true when the later rules cover it
 */
export function minus(a: NFA, within: NFA | null, ms: readonly NFA[]): NFA {
  const left = within ? NFA.fromIntersection(a, within) : a.copy();
  if (!ms.length) return left;
  const union = ms[0].copy();
  for (const m of ms.slice(1)) union.union(m);
  const dfa = DFA.fromFA(union);
  dfa.complement();
  return NFA.fromIntersection(left, dfa);
}

/**
 * One word of the language, each character taken from `preferred` where the language allows, so
 * witnesses stay readable; undefined for the empty language.
 * @example someWord(nfa, 'cab ') // 'ca'
 */
export function someWord(n: NFA, preferred: string): string | undefined {
  const pick = (set: CharSet) => {
    for (const ch of preferred) if (set.has(ch.charCodeAt(0))) return ch;
    return String.fromCharCode(set.ranges[0].min);
  };
  for (const ws of n.wordSets()) return ws.map(pick).join('');
  return undefined;
}
