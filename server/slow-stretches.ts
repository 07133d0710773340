/**
 * `RULELENS_SLOW_STEPS=N`: the server reports, on stderr, every stretch of N ms or more in which its
 * thread answered no message — with what ran in it (a handler, a step of a stage, a publish). Off
 * by default: with the variable unset every `run` is a plain call and no timer runs.
 *
 *   RULELENS_SLOW_STEPS=30 node dist/server.js --stdio 2> slow.log
 *
 * Two reports: `slow step` for one labelled piece of work (a handler's own code, one step of a
 * check's stage, a parse, a publish) that took N ms or more, and `held` for a turn of the event
 * loop of N ms or more, listing the labelled work inside it; the rest of such a turn is what
 * nothing labelled (garbage collection, the JSON-RPC layer) took.
 */
export const SLOW_STEPS_ENV = 'RULELENS_SLOW_STEPS';

/** How often the turn watch looks at the clock (ms): a gap much longer than this is a held thread. */
const TURN_TICK_MS = 1;
/** Labelled pieces listed per held turn (the longest first). */
const MAX_LISTED = 6;

/**
 * The threshold `RULELENS_SLOW_STEPS` sets, or undefined (off) when it is unset or not a positive number.
 * @example slowStepsThreshold({ RULELENS_SLOW_STEPS: '30' }) // 30
 */
export function slowStepsThreshold(env: Record<string, string | undefined>): number | undefined {
  const raw = env[SLOW_STEPS_ENV];
  if (raw === undefined || raw.trim() === '') return undefined;
  const n = Number(raw);
  return Number.isFinite(n) && n > 0 ? n : undefined;
}

/**
 * Times labelled work and the loop's turns (see the file's comment). With no threshold it does nothing.
 * @example const w = new StretchWatch(30, (l) => process.stderr.write(l + '\n')); w.run('hover', () => answer())
 */
export class StretchWatch {
  private readonly stack: string[] = [];
  /** Labelled work (outermost pieces only) since the last tick, with its duration. */
  private pieces: Array<{ label: string; ms: number }> = [];
  private timer: NodeJS.Timeout | undefined;

  constructor(
    readonly thresholdMs: number | undefined,
    private readonly write: (line: string) => void = (line) => process.stderr.write(`${line}\n`),
    private readonly now: () => number = () => performance.now(),
  ) {}

  get enabled(): boolean {
    return this.thresholdMs !== undefined;
  }

  /**
   * Runs `fn` under `label` (nested labels are joined with ` > `), reporting it when it took the
   * threshold or more. A label given as a function is read when `fn` has run (a step says what it did).
   * @example watch.run('parse opencode.json', () => service.check(uri))
   */
  run<T>(label: string | (() => string), fn: () => T): T {
    if (this.thresholdMs === undefined) return fn();
    this.stack.push(typeof label === 'string' ? label : '…');
    const t0 = this.now();
    try {
      return fn();
    } finally {
      const ms = this.now() - t0;
      const name = typeof label === 'string' ? label : label();
      this.stack[this.stack.length - 1] = name;
      const path = this.stack.join(' > ');
      this.stack.pop();
      if (ms >= this.thresholdMs) this.write(`[rulelens] slow step: ${path} ${ms.toFixed(1)} ms`);
      if (this.stack.length === 0) this.pieces.push({ label: name, ms });
    }
  }

  /** Starts the turn watch (a timer every `TURN_TICK_MS`, not keeping the process alive). */
  watchTurns(): void {
    if (this.thresholdMs === undefined || this.timer) return;
    let last = this.now();
    this.timer = setInterval(() => {
      const t = this.now();
      const gap = t - last;
      last = t;
      const pieces = this.pieces;
      this.pieces = [];
      if (gap < this.thresholdMs! + TURN_TICK_MS) return;
      this.write(`[rulelens] held ${gap.toFixed(0)} ms: ${describePieces(pieces, gap)}`);
    }, TURN_TICK_MS);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }
}

/**
 * The labelled work of one held turn, the longest first, merged by label, and what is left unlabelled.
 * @example describePieces([{ label: 'hover', ms: 40 }], 50) // 'hover 40.0 ms; unlabelled 10.0 ms'
 */
export function describePieces(pieces: ReadonlyArray<{ label: string; ms: number }>, gap: number): string {
  const by = new Map<string, { ms: number; n: number }>();
  let labelled = 0;
  for (const p of pieces) {
    const e = by.get(p.label) ?? { ms: 0, n: 0 };
    e.ms += p.ms;
    e.n++;
    by.set(p.label, e);
    labelled += p.ms;
  }
  const listed = [...by].sort((a, b) => b[1].ms - a[1].ms);
  const parts = listed.slice(0, MAX_LISTED).map(([l, e]) => `${l} ${e.ms.toFixed(1)} ms${e.n > 1 ? ` (×${e.n})` : ''}`);
  if (listed.length > MAX_LISTED) parts.push(`${listed.length - MAX_LISTED} more`);
  parts.push(`unlabelled ${Math.max(0, gap - labelled).toFixed(1)} ms`);
  return parts.join('; ');
}

/** The server's one watch, set from the environment when the process starts. */
export const stretches = new StretchWatch(slowStepsThreshold(process.env));
