/** One figure a benchmark module reports; `run()` of every test/bench/*.bench.ts returns a list. */
export interface BenchResult {
  name: string;
  value: number;
  unit: string;
  note?: string;
  /** A goal of the figure: `run.mjs` lists every goal with PASS/FAIL after the table. */
  goal?: Goal;
}

export interface Goal {
  /** What is asked, e.g. `≥ 20× the agent-style baseline`. */
  target: string;
  pass: boolean;
}

/** A goal that `value` is at most `limit`. */
export const atMost = (value: number, limit: number, what = ''): Goal => ({ target: `≤ ${limit}${what}`, pass: Number.isFinite(value) && value <= limit });
/** A goal that `value` is at least `limit`. */
export const atLeast = (value: number, limit: number, what = ''): Goal => ({ target: `≥ ${limit}${what}`, pass: Number.isFinite(value) && value >= limit });
