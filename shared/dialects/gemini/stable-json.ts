/**
 * The text Gemini matches `argsPattern` against: JSON with keys sorted at every level and each
 * top-level `"key":value` pair wrapped in NUL characters (so a pattern can anchor on whole
 * top-level arguments).
 * @example stableArgs({ command: 'ls', a: 1 }) // '{\u0000"a":1\u0000,\u0000"command":"ls"\u0000}'
 */
export function stableArgs(args: unknown): string {
  const seen = new Set<unknown>();
  const go = (v: unknown, top: boolean): string => {
    if (v === undefined || v === null || typeof v === 'function' || typeof v === 'symbol') return 'null';
    if (typeof v !== 'object') return JSON.stringify(v);
    if (seen.has(v)) return '"[Circular]"';
    seen.add(v);
    try {
      if (Array.isArray(v)) return `[${v.map((x) => go(x, false)).join(',')}]`;
      const pairs: string[] = [];
      for (const k of Object.keys(v).sort()) {
        const x = (v as Record<string, unknown>)[k];
        if (x === undefined || typeof x === 'function' || typeof x === 'symbol') continue;
        const pair = `${JSON.stringify(k)}:${go(x, false)}`;
        pairs.push(top ? `\u0000${pair}\u0000` : pair);
      }
      return `{${pairs.join(',')}}`;
    } finally {
      seen.delete(v);
    }
  };
  return go(args, true);
}
