import { atomsOf, compile, matches, type Wildcard } from '../../shared/patterns/wildcard';
import { agentMatch } from './agent-baseline';
import type { BenchResult } from './result';

/** The resource size of the issue: 100 kB. */
const INPUT = 100_000;
const STARS = 200;

const wildcard = (text: string): Wildcard => ({ source: text, alts: [atomsOf(text, { star: true, one: true })] });

/** Best-of-`reps` milliseconds of one match (best: noise only ever adds time). */
function bestMs(pattern: string, input: string, reps = 15): number {
  const c = compile(wildcard(pattern));
  matches(c, input);
  let best = Infinity;
  for (let i = 0; i < reps; i++) {
    const t0 = process.hrtime.bigint();
    matches(c, input);
    best = Math.min(best, Number(process.hrtime.bigint() - t0) / 1e6);
  }
  return best;
}

function agentMs(pattern: string, input: string): number {
  const t0 = process.hrtime.bigint();
  agentMatch(input, pattern);
  return Number(process.hrtime.bigint() - t0) / 1e6;
}

/**
 * Linear-time matching: 200-star patterns against a 100 kB resource, next to a 1-star pattern and
 * a single scan of the same resource. A 1-star pattern is checked by its prefix and suffix alone
 * (it never reads the middle), so the fair yardstick for "linear" is one scan of the input: the
 * 200-star worst case should cost a small multiple of it, and 10× the input about 10× the time.
 */
export async function run(): Promise<BenchResult[]> {
  const aaaa = 'a'.repeat(INPUT);
  const text = Array.from({ length: INPUT }, (_, i) => 'abcdefgh/'[(i * 7919) % 9]).join('');
  const pieces = Array.from({ length: STARS - 1 }, (_, i) => text.slice((i + 1) * 500, (i + 1) * 500 + 4));
  const cases = {
    oneStar: bestMs('*b', aaaa),
    scan: bestMs('*b*', aaaa),
    fail200: bestMs('*a'.repeat(STARS - 1) + 'b*', aaaa),
    masked200: bestMs('*' + 'a?'.repeat(100) + 'b' + '*a'.repeat(STARS - 2) + '*', aaaa),
    match200: bestMs(`*${pieces.join('*')}*`, text),
    fail200small: bestMs('*a'.repeat(STARS - 1) + 'b*', aaaa.slice(0, INPUT / 10)),
  };
  const worst200 = Math.max(cases.fail200, cases.masked200, cases.match200);
  const agentOne = Math.min(...[0, 1, 2, 3, 4].map(() => agentMs('*b', aaaa)));
  return [
    { name: 'matcher 100 kB: 1 `*` (`*b`, no match)', value: cases.oneStar, unit: 'ms', note: 'prefix/suffix check only' },
    { name: 'matcher 100 kB: one scan (`*b*`, no match)', value: cases.scan, unit: 'ms' },
    { name: 'matcher 100 kB: 200 `*`, no match (`*a*a…*ab*` over a…a)', value: cases.fail200, unit: 'ms' },
    { name: 'matcher 100 kB: 200 `*` with `?` runs, no match', value: cases.masked200, unit: 'ms', note: 'bit-parallel scan after failed probes' },
    { name: 'matcher 100 kB: 200 `*`, match (199 pieces of the input)', value: cases.match200, unit: 'ms' },
    { name: 'matcher: 200 `*` worst / 1 `*`', value: worst200 / cases.oneStar, unit: '×', note: 'a 1-star check never reads the middle of the input' },
    { name: 'matcher: 200 `*` worst / agent 1 `*` RegExp (one scan)', value: worst200 / agentOne, unit: '×', note: 'the agent reads the whole input even for one `*`' },
    { name: 'matcher: 200 `*` 100 kB / 10 kB (linear: ≈ 10)', value: cases.fail200 / cases.fail200small, unit: '×' },
    { name: 'agent RegExp 100 kB: 1 `*` (`^.*b$`)', value: agentOne, unit: 'ms' },
    { name: 'agent RegExp 300 B: 4 `*`, no match (`*a*a*ab*`)', value: agentMs('*a'.repeat(3) + 'b*', aaaa.slice(0, 300)), unit: 'ms', note: 'backtracking: each further `*` multiplies the time; 200 `*` over 100 kB never ends' },
    { name: 'matcher 300 B: the same 4 `*` pattern', value: bestMs('*a'.repeat(3) + 'b*', aaaa.slice(0, 300)), unit: 'ms' },
  ];
}
