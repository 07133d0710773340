import { parseOpencode } from '../../shared/dialects/opencode/parse';
import { analyzeOpencode, forgetOpencodeAnalyses } from '../../shared/dialects/opencode/analysis/lints';
import { Deadline } from '../../shared/analysis/budget';
import { analyzeRuleSet } from '../../shared/analysis';
import { opencode } from '../../shared/dialects/opencode';
import type { Finding } from '../../shared/model';
import { cpuMs, median } from './measure';

/** The bench measures the whole analysis: the per-file time budget is lifted to this. */
const BENCH_DEADLINE_MS = 600_000;

/** Rule counts benchmarked; the largest carries the target. */
const SIZES = [100, 1_000, 2_000];
/** Full analysis of the largest file should take at most this many times its parse time. */
const TARGET_RATIO = 50;
/** Repetitions of each measurement; the median is reported. */
const RUNS = 3;

const TOOLS = ['git', 'npm', 'yarn', 'cargo', 'docker', 'kubectl', 'make', 'pnpm', 'go', 'python'];
const WORDS = ['status', 'log', 'diff', 'test', 'build', 'run', 'push', 'pull', 'install', 'lint', 'fmt', 'deploy'];
const EFFECTS = ['allow', 'ask', 'deny'] as const;

/** A small deterministic generator, so every run measures the same files. */
function prng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/**
 * An OpenCode V2 file shaped like a large real one: command rules with argument wildcards, path
 * rules per folder, a few broad rules early and some overlapping exceptions (so coverage and
 * overridden denies really have work to do).
 */
export function generateOpencode(n: number, seed = 7): string {
  const rnd = prng(seed);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)];
  const rules: Array<{ action: string; resource: string; effect: string }> = [
    { action: '*', resource: '*', effect: 'ask' },
    { action: 'bash', resource: 'git *', effect: 'ask' },
    { action: 'edit', resource: 'src/*', effect: 'allow' },
  ];
  for (let i = rules.length; i < n; i++) {
    const k = rnd();
    if (k < 0.45) rules.push({ action: 'bash', resource: `${pick(TOOLS)} ${pick(WORDS)}${i} *`, effect: pick(EFFECTS) });
    else if (k < 0.7) rules.push({ action: pick(['edit', 'read']), resource: `src/mod${i}/*.${pick(['ts', 'js', 'json'])}`, effect: pick(EFFECTS) });
    else if (k < 0.8) rules.push({ action: 'edit', resource: `secrets/${i}/*`, effect: 'deny' });
    else if (k < 0.9) rules.push({ action: 'webfetch', resource: `https://host${i}.example.com/*`, effect: pick(EFFECTS) });
    else if (k < 0.95) rules.push({ action: 'bash', resource: `${pick(TOOLS)} *${pick(WORDS)}*`, effect: pick(EFFECTS) });
    else rules.push({ action: pick(['edit', 'read']), resource: `src/mod${Math.floor(rnd() * i)}/?*`, effect: pick(EFFECTS) });
  }
  return JSON.stringify({ $schema: 'https://opencode.ai/config.json', permissions: rules }, null, 2);
}


/**
 * Parse time vs full-analysis time and peak heap growth for generated files of 100, 1,000 and
 * 2,000 rules, measured in the same run so the ratios compare like with like.
 * @example (await run()).find((m) => m.name === 'analysis/2000/ratio')?.value
 */
export async function run(): Promise<Array<{ name: string; value: number; unit: string; note?: string }>> {
  const out: Array<{ name: string; value: number; unit: string; note?: string }> = [];
  for (const n of SIZES) {
    const text = generateOpencode(n);
    const file = { path: 'opencode.json', text };
    parseOpencode(file);
    const parse = median(Array.from({ length: RUNS }, () => cpuMs(() => parseOpencode(file))));
    const rs = parseOpencode(file);
    const analyses: number[] = [];
    let peak = 0;
    let findings = 0;
    let budgeted = false;
    for (let i = 0; i < RUNS; i++) {
      (globalThis as { gc?: () => void }).gc?.();
      // A complete analysis each time: nothing kept from the last run of the same file.
      forgetOpencodeAnalyses();
      const before = process.memoryUsage().heapUsed;
      let f: Finding[] = [];
      analyses.push(cpuMs(() => (f = analyzeOpencode(rs, {}, new Deadline(BENCH_DEADLINE_MS)))));
      peak = Math.max(peak, process.memoryUsage().heapUsed - before);
      findings = f.length;
      budgeted = f.some((x) => x.code === 'analysis-budget');
    }
    const analysis = median(analyses);
    // As the editor re-checks after a keystroke: one rule's effect flipped, the last analysis kept.
    const edits = Array.from({ length: RUNS }, (_, k) => {
      analyzeOpencode(rs, {}, new Deadline(BENCH_DEADLINE_MS));
      const edited = parseOpencode({ path: file.path, text: flipEffect(text, Math.floor(((k + 1) * n) / (RUNS + 1))) });
      return cpuMs(() => analyzeOpencode(edited, {}, new Deadline(BENCH_DEADLINE_MS)));
    });
    const ratio = analysis / parse;
    // As editors and the CLI run it: with the per-file time budget.
    let shipped: Finding[] = [];
    forgetOpencodeAnalyses();
    const budgetedMs = cpuMs(() => (shipped = analyzeRuleSet(opencode, rs)));
    const skipped = shipped.find((x) => x.code === 'analysis-budget');
    out.push({ name: `analysis/${n}/budgeted-ratio`, value: round(budgetedMs / parse), unit: 'x parse', note: skipped ? `with the per-file budget: ${skipped.data?.count} rule(s) left unanalysed` : 'with the per-file budget: complete' });
    out.push({ name: `analysis/${n}/parse`, value: round(parse), unit: 'ms', note: 'CPU time' });
    out.push({ name: `analysis/${n}/analyse`, value: round(analysis), unit: 'ms', note: `${findings} findings${budgeted ? ', analysis-budget reached' : ''} (CPU time)` });
    out.push({ name: `analysis/${n}/heap`, value: round((peak / 1024 / 1024)), unit: 'MB', note: 'heap growth over one analysis (peak seen after it; clean baseline with --expose-gc)' });
    out.push({ name: `analysis/${n}/edit`, value: round(median(edits)), unit: 'ms', note: 'one rule\'s effect flipped, the last analysis of the file kept (CPU time)' });
    out.push({ name: `analysis/${n}/ratio`, value: round(ratio), unit: 'x parse', note: `complete analysis${n === SIZES[SIZES.length - 1] ? `; target ≤ ${TARGET_RATIO}x: ${ratio <= TARGET_RATIO ? 'met' : 'missed'}` : ''}` });
  }
  return out;
}

/** The file with the effect of its `at`-th rule changed (allow → ask → deny → allow). */
function flipEffect(text: string, at: number): string {
  const doc = JSON.parse(text) as { permissions: Array<{ effect: string }> };
  const r = doc.permissions[at];
  r.effect = EFFECTS[(EFFECTS.indexOf(r.effect as (typeof EFFECTS)[number]) + 1) % EFFECTS.length];
  return JSON.stringify(doc, null, 2);
}

function round(x: number): number {
  return Math.round(x * 100) / 100;
}
