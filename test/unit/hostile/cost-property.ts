import * as assert from 'assert';
import * as fs from 'fs';
import fc from 'fast-check';
import { setFlagsFromString } from 'v8';
import { runInNewContext } from 'vm';
import { CONFIRM_REPS, cpuMsOf, GROWTH_FACTOR, median, REPS, SPREAD, withinFactor } from '../../helpers/cpu-ratio';
import { CLI_ENTRY_POINTS, openService, PATTERN_SHAPES, SERVICE_ENTRY_POINTS, SUBJECT_SHAPES, write, type EntryInput, type HostileCase } from './entry-points';

/**
 * The cost property every entry point is held to: for a many-star pattern and a long subject, the
 * CPU time of each entry point stays within a factor of what a one-star pattern costs, and within
 * a factor of what an eighth of the subject costs (linear ≈8×, quadratic ≈64×). Shared by the unit test (the canonical case per dialect)
 * and `npm run fuzz` (random shapes and sizes).
 */

/**
 * The bounds: many stars against one (the same subject: a cost per star and subject character
 * would be ≈100–200×), and `SPREAD` times the subject against once (`GROWTH_FACTOR`).
 */
export const STARS_FACTOR = 6;
/**
 * The floor of the subject comparison (CPU ms of the full-size call): an eighth of the subject (a
 * millisecond or two) seldom pays for a collection, the full subject pays for one or two; on a busy
 * machine that alone read ×22–29 on costs that grow linearly. A quadratic cost is still caught from
 * an eighth costing a millisecond (64× that is over the floor), and nothing under it is a hang.
 */
export const GROWTH_FLOOR_MS = 60;
export { GROWTH_FACTOR, SPREAD };
/** The case the issue names, always run first: 200 stars (`*a*a…*ab`) against 100 kB of `a`. */
export const CANONICAL: [number, number, number, number] = [0, 0, 200, 100_000];

/**
 * A full collection, run before each round of measurements (outside them), so garbage left by the
 * previous round is not collected inside, and charged to, the next one. (Before each call it did
 * worse: the collector sweeps on background threads after `gc()` returns, and the process's CPU
 * clock billed that to the call measured next — a 3 ms call read 54 ms.)
 */
setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;
/** How long the collector's background sweeping is given to finish before a round's clock starts. */
const SWEEP_MS = 20;
/** A full collection, and its background work done. */
async function settled(): Promise<void> {
  collect();
  await new Promise((resolve) => setTimeout(resolve, SWEEP_MS));
}

/** One size of the comparison: its pattern's star count and its subject's length. */
interface Size {
  stars: number;
  chars: number;
}

/**
 * One case at several sizes, ready to be measured (by the property below and by
 * `npm run bench -- hostile`): per round and size, the files (a pattern no cache has seen: its
 * last letter changes) and a language service with both documents open.
 */
export class Bench {
  private round = 0;
  private readonly dirs: string[] = [];
  constructor(
    private readonly c: HostileCase,
    private readonly shape: number,
    private readonly subjects: string[],
    private readonly sizes: Size[],
  ) {}

  /**
   * CPU milliseconds of each named entry point at each size, `reps` rounds, sizes taken in turn
   * within a round (and in a rotating order), so a change in the machine's load falls on all.
   */
  async measure(reps: number, only?: ReadonlySet<string>): Promise<Array<Map<string, number[]>>> {
    const out = this.sizes.map(() => new Map<string, number[]>());
    for (let r = 0; r < reps; r++, this.round++) {
      const inputs: Array<{ x: EntryInput; pattern: string }> = this.sizes.map((size, i) => {
        const pattern = PATTERN_SHAPES[this.shape].of(size.stars, 'bcdefghijklmnopqrstuvwxy'[this.round % 24]);
        const w = write(this.c, pattern, this.subjects[i]);
        this.dirs.push(w.dir);
        return { x: { c: this.c, w, subject: this.subjects[i] }, pattern };
      });
      const services = await Promise.all(inputs.map(({ x, pattern }) => openService(x, pattern)));
      const order = this.sizes.map((_, i) => (i + r) % this.sizes.length);
      await settled();
      const add = (i: number, name: string, ms: number) => {
        const list = out[i].get(name) ?? [];
        list.push(ms);
        out[i].set(name, list);
      };
      for (const e of CLI_ENTRY_POINTS) {
        const name = `rulelens ${e.name}`;
        if (only && !only.has(name)) continue;
        for (const i of order) add(i, name, await cpuMsOf(() => e.run(inputs[i].x)));
      }
      // In file order, as an editor asks: the first request analyses the file, the others reuse it.
      for (const e of SERVICE_ENTRY_POINTS) {
        if (only && !only.has(e.name) && e.name !== 'diagnostics') continue;
        for (const i of order) {
          const ms = await cpuMsOf(() => e.run(services[i]));
          if (!only || only.has(e.name)) add(i, e.name, ms);
        }
      }
    }
    return out;
  }

  /**
   * One unrecorded pass over every entry point at the smallest size (the cheapest), so the first
   * measured round does not pay for compiling the code every round runs.
   */
  async warmUp(): Promise<void> {
    const i = this.sizes.reduce((m, s, k) => (s.chars * s.stars < this.sizes[m].chars * this.sizes[m].stars ? k : m), 0);
    const pattern = PATTERN_SHAPES[this.shape].of(this.sizes[i].stars, 'z');
    const w = write(this.c, pattern, this.subjects[i]);
    this.dirs.push(w.dir);
    const x = { c: this.c, w, subject: this.subjects[i] };
    for (const e of CLI_ENTRY_POINTS) await e.run(x);
    const service = await openService(x, pattern);
    for (const e of SERVICE_ENTRY_POINTS) await e.run(service);
  }

  dispose(): void {
    for (const d of this.dirs) fs.rmSync(d, { recursive: true, force: true });
  }
}

/** The comparisons of one property run: every entry point at many stars against one, and at `SPREAD` times the subject. */
function judge(samples: Array<Map<string, number[]>>, stars: number, chars: number): { failing: Set<string>; lines: string[] } {
  const [one, many, part] = samples.map((m) => new Map([...m].map(([k, v]) => [k, median(v)])));
  const failing = new Set<string>();
  const lines: string[] = [];
  for (const [name, ms] of many) {
    const k = withinFactor(`${name}: ${stars} stars vs 1`, ms, one.get(name)!, STARS_FACTOR);
    const n = withinFactor(`${name}: ${chars} vs ${Math.floor(chars / SPREAD)} chars`, ms, part.get(name)!, GROWTH_FACTOR, GROWTH_FLOOR_MS);
    if (!k.ok || !n.ok) failing.add(name);
    lines.push(k.text, n.text);
  }
  return { failing, lines };
}

/**
 * The property for one dialect case: shape, subject shape, star count (100–200) and subject length
 * (50–100 kB) are drawn; each entry point is measured at one star, at many, and at an eighth of the
 * subject, after one warm-up pass.
 * @example fc.assert(costProperty(CASES[0]), { numRuns: 1, examples: [CANONICAL] })
 */
export function costProperty(c: HostileCase): fc.IAsyncProperty<[number, number, number, number]> {
  return fc.asyncProperty(
    fc.nat(PATTERN_SHAPES.length - 1),
    fc.nat(1),
    fc.integer({ min: 100, max: 200 }),
    fc.integer({ min: 50_000, max: 100_000 }),
    async (shape, subjectShape, stars, chars) => {
      const sizes = [{ stars: 1, chars }, { stars, chars }, { stars, chars: Math.floor(chars / SPREAD) }];
      const subjects = sizes.map((sz) => SUBJECT_SHAPES[c.kind][subjectShape].of(sz.chars));
      const bench = new Bench(c, shape, subjects, sizes);
      try {
        await bench.warmUp();
        const samples = await bench.measure(REPS);
        let verdict = judge(samples, stars, chars);
        // A bound missed on the first samples is measured again before it counts: a busy machine can
        // slow one stretch of the run; a cost that really grows stays over its bound.
        if (verdict.failing.size) {
          const more = await bench.measure(CONFIRM_REPS, verdict.failing);
          for (let i = 0; i < samples.length; i++) for (const [name, xs] of more[i]) samples[i].get(name)!.push(...xs);
          verdict = judge(samples, stars, chars);
        }
        if (process.env.HOSTILE_VERBOSE) console.log(`${c.id}:\n  ${verdict.lines.join('\n  ')}`);
        assert.ok(verdict.failing.size === 0, `${c.id}, pattern ${PATTERN_SHAPES[shape].name}, subject ${SUBJECT_SHAPES[c.kind][subjectShape].name}:\n  ${verdict.lines.join('\n  ')}`);
      } finally {
        bench.dispose();
      }
    },
  );
}
