/**
 * Cost comparisons that hold on a busy machine: CPU time (another process only ever adds wall
 * time, not this one's CPU), the median of a few runs after a warm-up (one collection or
 * descheduling lands in one run, not in the middle one; the first run pays for compilation),
 * compared between two sizes measured in the same run, never against a clock. Sizes are far apart
 * (`SPREAD`), so the bound can sit well clear of what a linear cost does under load and still far
 * below what a quadratic one does; a bound missed is measured again before it is believed. Below a
 * floor the clock cannot tell work apart, so anything cheaper passes.
 */

/** Work below this many CPU milliseconds is cheap, whatever it is compared with. */
export const CPU_FLOOR_MS = 25;

/** How far apart the two sizes of a growth comparison are: the big one is this many times the small. */
export const SPREAD = 8;

/**
 * The bound on a `SPREAD`-times bigger input: linear work grows ≈8×, quadratic ≈64×. A busy
 * machine inflates one side of a comparison: a clean-clone run at load 11 measured linear costs at
 * ×20–29 (the big side pays for collections the small one never reaches, and for caches the other
 * work evicted). Half of quadratic leaves room for that and still fails a cost that grows with the
 * square of the input.
 */
export const GROWTH_FACTOR = 32;

/** Measured runs per size; the median counts. */
export const REPS = 3;

/** Extra runs per size taken when a bound is missed, before the miss is believed. */
export const CONFIRM_REPS = 4;

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
 * Whether `big` costs at most `factor` times `small` (or is under the floor), and a line saying so;
 * `resolution` is the clock's tick, by which each side may be off.
 * @example withinFactor('check', 31, 12, 3).ok // true
 */
export function withinFactor(what: string, big: number, small: number, factor: number, floor = CPU_FLOOR_MS, resolution = 0): { ok: boolean; text: string } {
  // A clock that counts in ticks reads each side up to one tick off: `0` is anything below a tick.
  const ok = big - resolution <= Math.max(factor * (small + resolution), floor);
  return { ok, text: `${what}: ${big.toFixed(1)} ms vs ${small.toFixed(1)} ms (×${(big / Math.max(small, 0.1)).toFixed(2)}, bound ×${factor}, floor ${floor} ms${ok ? '' : ' EXCEEDED'})` };
}

/**
 * Compares the CPU cost of `big` with that of `small`: both warmed up once, then measured in turn
 * `REPS` times (in alternating order, so a change in load falls on both), medians compared; a
 * miss is measured `CONFIRM_REPS` more times and judged again on all samples.
 * @example assert.ok((await compareCpu('8× the text', () => f(a), () => f(b), GROWTH_FACTOR)).ok)
 */
export async function compareCpu(what: string, small: () => unknown, big: () => unknown, factor: number, floor = CPU_FLOOR_MS): Promise<{ ok: boolean; text: string }> {
  await small();
  await big();
  const s: number[] = [];
  const b: number[] = [];
  const sample = async (reps: number) => {
    for (let r = 0; r < reps; r++) {
      if (r % 2) b.push(await cpuMsOf(big));
      s.push(await cpuMsOf(small));
      if (!(r % 2)) b.push(await cpuMsOf(big));
    }
  };
  await sample(REPS);
  let v = withinFactor(what, median(b), median(s), factor, floor);
  if (!v.ok) {
    await sample(CONFIRM_REPS);
    v = withinFactor(what, median(b), median(s), factor, floor);
    v.text += ` (after ${REPS + CONFIRM_REPS} runs)`;
  }
  return v;
}
