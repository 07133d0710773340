/**
 * How the benchmark modules time and summarize: CPU time rather than wall time (steadier on a
 * shared machine), and the median of repeated runs.
 */

/**
 * CPU milliseconds (user + system, every thread of the process) of one call of `f`.
 * @example cpuMs(() => JSON.parse(text)) // 3.1
 */
export function cpuMs(f: () => unknown): number {
  const t = process.cpuUsage();
  f();
  const d = process.cpuUsage(t);
  return (d.user + d.system) / 1000;
}

/**
 * The middle value (the upper one of an even count).
 * @example median([3, 1, 2]) // 2
 */
export function median(xs: readonly number[]): number {
  return [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
}
