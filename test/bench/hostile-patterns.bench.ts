import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { pathToFileURL } from 'url';
import { initDialects } from '../../shared/dialects';
import { median } from '../helpers/cpu-ratio';
import { buildServer } from '../protocol/build';
import { HAS_PROC, serverCosts, TICK_MS } from '../protocol/hostile-server';
import { LspClient } from '../protocol/lsp-client';
import { Bench } from '../unit/hostile/cost-property';
import { CASES, PATTERN_SHAPES, SUBJECT_SHAPES } from '../unit/hostile/entry-points';
import type { BenchResult, Goal } from './result';

/**
 * The done criterion, measured once per run: a 200-star pattern (`*a*a…*ab`) against a
 * 100 kB subject costs within 3× of a one-star pattern, at every entry point (the CLI's eval with
 * and without --trace, check and diff; the editor's diagnostics, hovers, code lenses, completion,
 * trace view and evaluate, in process and over stdio), for every dialect. CPU time, medians of
 * `ROUNDS` rounds; the tests hold the same work to growth ratios instead (no targets there).
 */

const STARS = 200;
const CHARS = 100_000;
const TARGET = 3;
const ROUNDS = 5;
/**
 * Over stdio each request is sent this many times per round, so its cost rises above /proc's
 * 10 ms tick: `CHEAP_REPEAT` times when one call costs less than `CHEAP_MS` in the warm-up.
 */
const SERVER_REPEAT = 10;
const CHEAP_REPEAT = 100;
const CHEAP_MS = 2;
/** Below this many ticks (summed over a round's calls) a server figure is the clock's, not the request's. */
const TICKS_FLOOR = 3;
/** Below this (CPU ms, per call) two costs cannot be told apart by the clock: the goal counts them as met. */
const FLOOR_MS = 1;

function goal(many: number, one: number, floor: number): Goal {
  return { target: `≤ ${TARGET}× (or both under ${floor} ms)`, pass: many <= Math.max(TARGET * one, floor) };
}

function row(name: string, many: number, one: number, floor: number, per = 1): BenchResult {
  const ratio = many / Math.max(one, 0.001);
  return { name, value: ratio, unit: '×', note: `${STARS} stars ${(many / per).toFixed(2)} ms, 1 star ${(one / per).toFixed(2)} ms (CPU per call, median of ${ROUNDS})`, goal: goal(many / per, one / per, floor) };
}

export async function run(): Promise<BenchResult[]> {
  await initDialects();
  const out: BenchResult[] = [];
  const sizes = [{ stars: 1, chars: CHARS }, { stars: STARS, chars: CHARS }];
  for (const c of CASES) {
    const subject = SUBJECT_SHAPES[c.kind][0].of(CHARS);
    const bench = new Bench(c, 0, [subject, subject], sizes);
    try {
      await bench.warmUp();
      const [one, many] = (await bench.measure(ROUNDS)).map((m) => new Map([...m].map(([k, v]) => [k, median(v)])));
      for (const [name, ms] of many) out.push(row(`${c.id} · ${name}`, ms, one.get(name)!, FLOOR_MS));
    } finally {
      bench.dispose();
    }
  }
  if (!HAS_PROC) return out;
  buildServer();
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'rulelens-bench-hostile-'));
  const client = new LspClient();
  try {
    await client.initialize(pathToFileURL(root).href);
    for (const c of CASES) {
      const subject = SUBJECT_SHAPES[c.kind][0].of(CHARS);
      const warm = await serverCosts(client, root, c, PATTERN_SHAPES[0].of(STARS, 'z'), subject, () => SERVER_REPEAT);
      const repeat = (name: string) => (name === 'diagnostics' ? 1 : (warm.get(name) ?? 0) / SERVER_REPEAT < CHEAP_MS ? CHEAP_REPEAT : SERVER_REPEAT);
      const samples = [new Map<string, number[]>(), new Map<string, number[]>()];
      for (let r = 0; r < ROUNDS; r++) {
        for (const i of r % 2 ? [1, 0] : [0, 1]) {
          const costs = await serverCosts(client, root, c, PATTERN_SHAPES[0].of(sizes[i].stars, 'bcdefghijklmnopqrstuvwxy'[r % 24]), subject, repeat);
          for (const [name, ms] of costs) samples[i].set(name, [...(samples[i].get(name) ?? []), ms]);
        }
      }
      const [one, many] = samples.map((m) => new Map([...m].map(([k, v]) => [k, median(v)])));
      // The diagnostics are one open's work; each request's figure is the sum of its repeats.
      for (const [name, ms] of many) {
        const n = repeat(name);
        const r = row(`${c.id} · stdio ${name}`, ms, one.get(name)!, (TICKS_FLOOR * TICK_MS) / n, n);
        if (ms < TICKS_FLOOR * TICK_MS && one.get(name)! < TICKS_FLOOR * TICK_MS) r.note = `both under ${((TICKS_FLOOR * TICK_MS) / n).toFixed(2)} ms per call: below the clock (${n} calls per round, ${ms} and ${one.get(name)} ms)`;
        out.push(r);
      }
    }
  } finally {
    await client.stop();
    fs.rmSync(root, { recursive: true, force: true });
  }
  return out;
}
