import { compileRuleSet, evaluateCompiled } from '../../shared/compiled';
import { evaluateOpencode } from '../../shared/dialects/opencode';
import { agentEvaluate } from './agent-baseline';
import { generateWorkload, timed } from './workload';
import type { BenchResult } from './result';
import { opencode } from '../../shared/dialects/opencode';

/** Rule counts of the generated workloads. */
export const RULE_COUNTS = [100, 1_000, 10_000];
export const REQUESTS = 10_000;
/** The agent-style baseline is sampled to about this long per workload; its rate is extrapolated. */
const BASELINE_BUDGET_MS = 3_000;

/**
 * Issue figures: requests/s of the agent-style evaluation (fresh RegExp per match, linear scan for
 * the last match) against the compiled form, on the same generated inputs in the same process.
 */
export async function run(): Promise<BenchResult[]> {
  const out: BenchResult[] = [];
  const perRequestUs: Record<number, number> = {};
  for (const n of RULE_COUNTS) {
    const w = generateWorkload(n, REQUESTS);
    const resources = w.requests.reduce((s, r) => s + r.resources.length, 0);
    const compile = timed(() => compileRuleSet(w.ruleSet, opencode));
    const compiled = compile.value;
    // Warm the JIT on a separate compiled form, so the first timed pass measures caches, not compilation.
    const warmup = compileRuleSet(w.ruleSet, opencode);
    for (const q of w.requests.slice(0, 2000)) evaluateCompiled(warmup, q);
    const cold = timed(() => w.requests.map((q) => evaluateCompiled(compiled, q)));
    const warm = timed(() => w.requests.map((q) => evaluateCompiled(compiled, q)));
    const verdicts = warm.value;

    // Baseline: as many requests as fit the budget (estimated from a small probe).
    const probe = timed(() => w.requests.slice(0, 20).map((q) => agentEvaluate(w.ruleSet, q)));
    const sample = Math.max(20, Math.min(REQUESTS, Math.floor((BASELINE_BUDGET_MS / probe.ms) * 20)));
    const base = timed(() => w.requests.slice(0, sample).map((q) => agentEvaluate(w.ruleSet, q)));
    let disagree = 0;
    base.value.forEach((b, i) => {
      const v = verdicts[i];
      if (b.decision !== v.decision || (v.rule?.index ?? -1) !== b.rule) disagree++;
    });
    const refSample = Math.min(REQUESTS, sample);
    const ref = timed(() => w.requests.slice(0, refSample).map((q) => evaluateOpencode(w.ruleSet, q)));
    ref.value.forEach((r, i) => {
      if (r.decision !== verdicts[i].decision || r.rule?.index !== verdicts[i].rule?.index) disagree++;
    });

    const rl = REQUESTS / (cold.ms / 1000);
    const bl = sample / (base.ms / 1000);
    perRequestUs[n] = (cold.ms * 1000) / REQUESTS;
    const tag = `${n} rules`;
    out.push({ name: `evaluate ${tag}: agent-style baseline`, value: bl, unit: 'req/s', note: `${sample} of ${REQUESTS} requests${sample < REQUESTS ? ' (sampled)' : ''}` });
    out.push({ name: `evaluate ${tag}: reference evaluator (full trace)`, value: refSample / (ref.ms / 1000), unit: 'req/s', note: `${refSample} requests` });
    out.push({ name: `evaluate ${tag}: RuleLens compiled`, value: rl, unit: 'req/s', note: `${REQUESTS} requests, ${resources} resources, first pass; warm ${Math.round(REQUESTS / (warm.ms / 1000))} req/s` });
    out.push({ name: `evaluate ${tag}: speed-up over baseline`, value: rl / bl, unit: '×', note: disagree ? `${disagree} DISAGREEMENTS` : 'same decisions and deciding rules' });
    out.push({ name: `evaluate ${tag}: compile`, value: compile.ms, unit: 'ms' });
    out.push({ name: `evaluate ${tag}: time per request`, value: perRequestUs[n], unit: 'µs' });
  }
  out.push({ name: 'evaluate: time per request growth 1,000 → 10,000 rules', value: perRequestUs[10_000] / perRequestUs[1_000], unit: '×', note: 'target ≤ 2' });
  return out;
}
