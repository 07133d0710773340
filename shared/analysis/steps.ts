import { PROCESS_CLOCK, type WorkClock } from './budget';

/**
 * Long work that can pause: a generator that yields (nothing) at points where it may be suspended
 * and returns its result. The engine is synchronous; written as steps, one search can run to its
 * end at once (`finish`, what the CLI does) or a slice at a time between other work (the language
 * server answers hovers and takes keystrokes between slices, and drops a search whose version was
 * superseded). A step should stay short: a few milliseconds at most.
 */
export type Steps<T> = Generator<void, T, void>;

/**
 * Runs steps to their end, synchronously.
 * @example finish(searchSteps(base, current)) // the same result the one-call search returns
 */
export function finish<T>(steps: Steps<T>): T {
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
  }
}

/**
 * Steps that compute `f` in one go (a part of a staged pipeline that has no finer steps).
 * @example finish(atOnce(() => 42)) // 42
 */
// eslint-disable-next-line require-yield
export function* atOnce<T>(f: () => T): Steps<T> {
  return f();
}

/**
 * A clock that advances only while a slice runs (`start` … `stop`): a budget read through it
 * counts the work's own time, not the time other work took between its slices.
 * @example const c = new SliceClock(); c.start(); work(); c.stop(); new Deadline(1000, undefined, c)
 */
export class SliceClock implements WorkClock {
  private cpu = 0;
  private wall = 0;
  private since: { cpu: number; wall: number } | undefined;

  constructor(private readonly base: WorkClock = PROCESS_CLOCK) {}

  start(): void {
    if (!this.since) this.since = { cpu: this.base.cpuMs(), wall: this.base.wallMs() };
  }

  stop(): void {
    if (!this.since) return;
    this.cpu += this.base.cpuMs() - this.since.cpu;
    this.wall += this.base.wallMs() - this.since.wall;
    this.since = undefined;
  }

  cpuMs(): number {
    return this.since ? this.cpu + this.base.cpuMs() - this.since.cpu : this.cpu;
  }

  wallMs(): number {
    return this.since ? this.wall + this.base.wallMs() - this.since.wall : this.wall;
  }
}
