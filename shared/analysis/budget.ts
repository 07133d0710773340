/**
 * The analyser's limits. Inclusion of pattern languages is decided exactly on finite automata, and
 * a determinization can in principle grow exponentially; these bounds keep every check finite. When
 * one is reached the analyser makes no claim about the rule concerned and reports it once per file
 * (lint `analysis-budget`), so a budget never turns into a false finding or a hang.
 */

/** Most automaton states one check may create (an NFA, or one subset walk over a rule and those above it). */
export const MAX_DFA_STATES = 20_000;

/**
 * CPU time the analysis of one file may take before remaining rules are skipped. CPU time, not
 * wall time: on a busy machine the same file must get the same findings.
 */
export const MAX_MS_PER_FILE = 2_000;

/** However slowly CPU time accrues on a crowded machine, an analysis ends after this many times its budget in wall time. */
export const WALL_CEILING_FACTOR = 4;

/** Heap growth one file's analysis may cause before remaining rules are skipped. */
export const MAX_HEAP_GROWTH_BYTES = 768 * 1024 * 1024;

/** The CPU clock and the heap are read at most this often (wall ms): both cost a system call. */
const SAMPLE_EVERY_MS = 16;

/** Patterns longer than this (action plus resource) are not turned into automata at all. */
export const MAX_ANALYSED_PATTERN_CHARS = 4_096;

/** Thrown inside the analyser when a check would exceed its budget; never escapes `analyzeRuleSet`. */
export class BudgetExceeded extends Error {
  constructor(readonly reason: 'states' | 'time' | 'pattern' | 'memory') {
    super(`analysis budget exceeded (${reason})`);
  }
}

/** Milliseconds on a monotonic clock; `performance.now()` would load perf_hooks on a run's first analysis. */
function monotonicMs(): number {
  const [s, ns] = process.hrtime();
  return s * 1e3 + ns / 1e6;
}

/** CPU milliseconds this process has used (user and system); wall time where there is no such clock. */
function cpuNow(): number {
  if (typeof process === 'undefined' || typeof process.cpuUsage !== 'function') return monotonicMs();
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

/**
 * The clocks a deadline reads: the process's own by default. A host that runs one piece of work in
 * slices between others (the language server) lends a clock that advances only inside the slices,
 * so the work gets its whole budget however much else runs in between.
 */
export interface WorkClock {
  /** CPU milliseconds spent so far. */
  cpuMs(): number;
  /** Wall-clock milliseconds passed so far, on a monotonic clock. */
  wallMs(): number;
}

/** The process's CPU and monotonic clocks. */
export const PROCESS_CLOCK: WorkClock = { cpuMs: () => cpuNow(), wallMs: () => monotonicMs() };

function heapNow(): number {
  return typeof process !== 'undefined' && typeof process.memoryUsage === 'function' ? process.memoryUsage().heapUsed : 0;
}

/**
 * A per-file budget: `ms` of CPU time, a wall-clock ceiling of `WALL_CEILING_FACTOR` times that,
 * and `MAX_HEAP_GROWTH_BYTES` of heap. A clock function given to the constructor replaces all
 * three (tests); a `WorkClock` replaces where the CPU and wall times are read (sliced work).
 * @example const d = new Deadline(2000); d.check(); d.expired // false
 */
export class Deadline {
  private readonly cpuEnd: number;
  private readonly wallEnd: number;
  private readonly heapEnd: number;
  private sampledAt = -Infinity;
  private spent: 'time' | 'memory' | undefined;
  /** Set when the wall-clock ceiling, not the CPU budget, ran out (the notice says which). */
  private byWall = false;

  constructor(readonly ms: number = MAX_MS_PER_FILE, private readonly now?: () => number, private readonly clock: WorkClock = PROCESS_CLOCK) {
    const wall = now ? now() : clock.wallMs();
    this.wallEnd = wall + (now ? ms : ms * WALL_CEILING_FACTOR);
    this.cpuEnd = now ? Infinity : clock.cpuMs() + ms;
    this.heapEnd = now ? Infinity : heapNow() + MAX_HEAP_GROWTH_BYTES;
  }

  /**
   * Throws once the file's time or memory is spent.
   * @example new Deadline(10).check()
   */
  check(): void {
    const why = this.exceeded();
    if (why) throw new BudgetExceeded(why);
  }

  get expired(): boolean {
    return this.exceeded() !== undefined;
  }

  /** What ran out, once something has. */
  get reason(): 'time' | 'memory' | undefined {
    return this.exceeded();
  }

  /**
   * What ran out, for a budget notice: `time: more than 2000 ms of CPU for this file`.
   * @example deadline.expired && deadline.describe()
   */
  describe(): string {
    if (this.spent === 'memory') return `memory: more than ${Math.round(MAX_HEAP_GROWTH_BYTES / 1024 / 1024)} MB of heap for this file`;
    if (this.byWall && !this.now) return `time: more than ${this.ms * WALL_CEILING_FACTOR} ms of wall-clock time for this file (its CPU budget is ${this.ms} ms)`;
    return `time: more than ${this.ms} ms${this.now ? '' : ' of CPU'} for this file`;
  }

  private exceeded(): 'time' | 'memory' | undefined {
    if (this.spent) return this.spent;
    const wall = this.now ? this.now() : this.clock.wallMs();
    if (wall > this.wallEnd) {
      this.byWall = true;
      return (this.spent = 'time');
    }
    if (this.now || wall - this.sampledAt < SAMPLE_EVERY_MS) return undefined;
    this.sampledAt = wall;
    if (this.clock.cpuMs() > this.cpuEnd) return (this.spent = 'time');
    if (heapNow() > this.heapEnd) return (this.spent = 'memory');
    return undefined;
  }
}
