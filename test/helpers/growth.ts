/**
 * Machine-independent speed checks: instead of "took under N ms" (false on a busy machine), compare
 * the cost of the same work at two sizes measured in the same run. Linear work grows by the size
 * factor `k`, quadratic work by k²; the bound k^1.75 sits between them, nearer quadratic, because
 * on a busy two-core machine a few-millisecond small run is the noisy side (a collection or a
 * descheduling lands in the big run far more often). CPU time (not wall-clock), best of a few runs: another process on the machine or a
 * collection only ever adds time. A bound missed is measured again before it is believed.
 */

/** Times each size is measured; the best counts. */
export const GROWTH_REPS = 5;

/** CPU milliseconds `f` takes, best of `reps`. */
export function cpuMs(f: () => void, reps = GROWTH_REPS): number {
  let best = Infinity;
  for (let i = 0; i < reps; i++) {
    const t0 = process.cpuUsage();
    f();
    const d = process.cpuUsage(t0);
    best = Math.min(best, (d.user + d.system) / 1000);
  }
  return best;
}

/**
 * Below this the small run is mostly clock granularity, compilation and collection, not its own
 * work, so it counts as at least this (a quadratic cost at the big size is still far above).
 */
const CLOCK_FLOOR_MS = 2;

export interface Growth {
  smallMs: number;
  bigMs: number;
  ratio: number;
  /** The bound: k^1.75 (linear would be k, quadratic k²). */
  bound: number;
  /** A message for the assertion. */
  text: string;
}

/**
 * How the cost of `work(n)` grows from `small` to `big`.
 * @example assert.ok(growth((n) => f('a'.repeat(n)), 10_000, 80_000).ratio < 22) // linear, not quadratic
 */
export function growth(work: (n: number) => void, small: number, big: number): Growth {
  // Warm up both sizes: the first calls pay for compilation and for growing the heap.
  work(small);
  work(big);
  const k = big / small;
  const bound = k ** 1.75;
  let smallMs = Math.max(CLOCK_FLOOR_MS, cpuMs(() => work(small)));
  let bigMs = cpuMs(() => work(big));
  if (bigMs / smallMs >= bound) {
    // A busy machine can slow one stretch of the run; a cost that really grows stays over its bound.
    smallMs = Math.min(smallMs, Math.max(CLOCK_FLOOR_MS, cpuMs(() => work(small))));
    bigMs = Math.min(bigMs, cpuMs(() => work(big)));
  }
  const ratio = bigMs / smallMs;
  return { smallMs, bigMs, ratio, bound, text: `${small.toLocaleString('en-US')} → ${smallMs.toFixed(1)} ms CPU, ${big.toLocaleString('en-US')} → ${bigMs.toFixed(1)} ms CPU: ×${ratio.toFixed(1)} for ×${k} the size (bound ×${bound.toFixed(1)})` };
}

/** True when the work grew no faster than k^1.75 (see `growth`). */
export function growsLinearly(g: Growth): boolean {
  return g.ratio < g.bound;
}
