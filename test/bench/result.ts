/** One figure a benchmark module reports; `run()` of every test/bench/*.bench.ts returns a list. */
export interface BenchResult {
  name: string;
  value: number;
  unit: string;
  note?: string;
}
