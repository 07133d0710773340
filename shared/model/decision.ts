/** The three normalized outcomes every dialect maps onto. */
export type Decision = 'allow' | 'ask' | 'deny';

export const DECISIONS: readonly Decision[] = ['allow', 'ask', 'deny'];

const STRICTNESS: Record<Decision, number> = { allow: 0, ask: 1, deny: 2 };

/**
 * The stricter of two decisions; used to fold sub-results (resources, sub-commands, path views).
 * @example stricter('allow', 'ask') // 'ask'
 */
export function stricter(a: Decision, b: Decision): Decision {
  return STRICTNESS[a] >= STRICTNESS[b] ? a : b;
}

/**
 * Folds many decisions to the strictest; `empty` when there are none.
 * @example strictest(['allow', 'deny', 'ask'], 'allow') // 'deny'
 */
export function strictest(decisions: Iterable<Decision>, empty: Decision): Decision {
  let out: Decision | undefined;
  for (const d of decisions) out = out === undefined ? d : stricter(out, d);
  return out ?? empty;
}

/** @example isDecision('ask') // true */
export function isDecision(v: unknown): v is Decision {
  return v === 'allow' || v === 'ask' || v === 'deny';
}
