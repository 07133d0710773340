/**
 * Iterations of a property test. The count written in a test fits a busy two-core machine (the
 * suite runs in CI next to other work); PROPERTY_SCALE multiplies it for a long local run, e.g.
 * `PROPERTY_SCALE=10 npx mocha test/unit/analysis/omp-exact.test.ts`.
 * @example fc.assert(prop, { numRuns: propertyRuns(60), seed })
 */
export function propertyRuns(n: number): number {
  const scale = Number(process.env.PROPERTY_SCALE ?? 1);
  return Math.max(1, Math.round(n * (Number.isFinite(scale) && scale > 0 ? scale : 1)));
}
