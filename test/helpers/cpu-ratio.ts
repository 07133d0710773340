/**
 * Cost comparisons that hold on a busy machine: CPU time (another process only ever adds wall
 * time, not this one's CPU), the median of a few runs (one collection or descheduling lands in one
 * run, not in the middle one), compared between two sizes measured in the same run, never against
 * a clock. Below a floor the clock cannot tell work apart, so anything cheaper passes.
 */

/** Work below this many CPU milliseconds is cheap, whatever it is compared with. */
export const CPU_FLOOR_MS = 10;

/**
 * The CPU milliseconds of this process that one call of `f` takes (awaited).
 * @example await cpuMsOf(() => JSON.parse(text)) // 3.1
 */
export async function cpuMsOf(f: () => unknown): Promise<number> {
  const t = process.cpuUsage();
  await f();
  const d = process.cpuUsage(t);
  return (d.user + d.system) / 1000;
}

/** The middle value (the upper one of an even count). @example median([3, 1, 2]) // 2 */
export function median(xs: readonly number[]): number {
  return [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
}

/**
 * Whether `big` costs at most `factor` times `small` (or is under the floor), and a line saying so.
 * @example withinFactor('check', 31, 12, 3).ok // true
 */
export function withinFactor(what: string, big: number, small: number, factor: number, floor = CPU_FLOOR_MS): { ok: boolean; text: string } {
  const ok = big <= Math.max(factor * small, floor);
  return { ok, text: `${what}: ${big.toFixed(1)} ms vs ${small.toFixed(1)} ms (×${(big / Math.max(small, 0.1)).toFixed(2)}, bound ×${factor}${ok ? '' : ' EXCEEDED'})` };
}
