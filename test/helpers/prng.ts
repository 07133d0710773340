/**
 * A small deterministic generator (mulberry32): the same seed gives the same data on every machine,
 * so generated ledgers and histories are reproducible.
 * @example const next = prng(7); next() // a number in [0, 1)
 */
export function prng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
