import { compileRuleSet, evaluateCompiled } from '../../shared/compiled';
import { generateWorkload } from './workload';
import type { BenchResult } from './result';
import { opencode } from '../../shared/dialects/opencode';

const RULES = [1_000, 10_000];
const REQUESTS = 10_000;

const collect = (): void => (globalThis as { gc?: () => void }).gc?.();

function heapMb(): number {
  collect();
  collect();
  return process.memoryUsage().heapUsed / 2 ** 20;
}

/**
 * Memory of compiled forms: heap retained by the compiled form of a generated rule set after it has
 * answered 10,000 requests (every resource index it builds lazily included), next to the heap of
 * the parse it was built from. Needs `--expose-gc` (run.mjs passes it) to be exact.
 */
export async function run(): Promise<BenchResult[]> {
  const out: BenchResult[] = [];
  const exact = typeof (globalThis as { gc?: unknown }).gc === 'function';
  for (const n of RULES) {
    const before = heapMb();
    const w = generateWorkload(n, REQUESTS);
    const requests = w.requests;
    const parsed = heapMb();
    let peak = parsed;
    const compiled = compileRuleSet(w.ruleSet, opencode);
    for (let i = 0; i < requests.length; i++) {
      evaluateCompiled(compiled, requests[i]);
      if (i % 1000 === 0) peak = Math.max(peak, process.memoryUsage().heapUsed / 2 ** 20);
    }
    const after = heapMb();
    out.push({ name: `memory ${n} rules: parse + requests`, value: parsed - before, unit: 'MB' });
    out.push({ name: `memory ${n} rules: compiled form, retained after ${REQUESTS} requests`, value: after - parsed, unit: 'MB', note: exact ? 'heap after full collection' : 'approximate: run without --expose-gc' });
    out.push({ name: `memory ${n} rules: peak heap while evaluating, above the parse`, value: peak - parsed, unit: 'MB' });
    // Keep both alive until measured.
    if (!compiled.ruleSet.rules.length || !requests.length) out.pop();
  }
  out.push({ name: 'memory: process peak RSS so far', value: process.resourceUsage().maxRSS / 1024, unit: 'MB' });
  return out;
}
