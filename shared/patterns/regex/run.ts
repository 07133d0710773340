import { Op, type Program } from './program';

// The op codes as module constants: read in the innermost loops, once per node visited.
const CHAR: number = Op.Char;
const SPLIT: number = Op.Split;
const GUARD: number = Op.Guard;

/**
 * Runs a compiled program over an input without backtracking. Each body (the expression, each
 * look) is a lazily built DFA: a state is the set of automaton nodes alive at a position, and its
 * moves are cached per (guard bits at the position, code unit). A look is answered per position
 * when first asked: a look of bounded length by running its body from there (a few units), any
 * other by one sweep over the whole input (forwards for a lookbehind, backwards for a lookahead).
 * An expression anchored with `^` stops as soon as no node is alive. Every piece of work counts
 * against a budget; past it the answer is undefined.
 */

/** Work units (automaton nodes visited, cached moves taken) one question may spend. */
export const MAX_MATCH_WORK = 20_000_000;
/** Cached DFA states plus moves one body keeps; past it the cache starts afresh. */
const MAX_CACHED_MOVES = 50_000;
/** Positions a bounded look is probed at, one by one, before one sweep answers it everywhere. */
const PROBES_BEFORE_SWEEP = 32;
/** A body whose guards read more looks than this runs without a cache (the bits key a move). */
const MAX_GUARD_BITS = 30;

/** Thrown inside a run when its work budget is spent; turned into `undefined` at the edge. */
export class WorkExhausted extends Error {}

export class Work {
  constructor(public left: number = MAX_MATCH_WORK) {}
  spend(units: number): void {
    this.left -= units;
    if (this.left < 0) throw new WorkExhausted('match work budget spent');
  }
}

function inSet(r: Int32Array, c: number): boolean {
  let lo = 0;
  let hi = (r.length >> 1) - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (c < r[2 * mid]) hi = mid - 1;
    else if (c > r[2 * mid + 1]) lo = mid + 1;
    else return true;
  }
  return false;
}

interface Closure {
  accept: boolean;
  /** Char nodes whose move leaves this closure (forwards) or enters it (backwards). */
  chars: Int32Array;
  next: Map<number, State>;
}

interface State {
  kernel: Int32Array;
  byBits: Map<number, Closure>;
  /** The cache generation the state belongs to: a state of an emptied cache is looked up afresh. */
  epoch: number;
  /** Fewest code units from any of its nodes to the body's match, guards ignored (computed on demand). */
  toMatch?: number;
}

/** What a guard asks: does look `t` hold at the current position? */
export interface Guards {
  holds(t: number): boolean;
}

/** Guards answered by a session's looks at one position (moved along by the run). */
class SessionGuards implements Guards {
  at = 0;
  constructor(private readonly session: Session) {}
  holds(t: number): boolean {
    return this.session.lookAt(t, this.at);
  }
}

/** One body run in one direction, with its DFA cache kept across inputs. */
class Machine {
  private states = new Map<string, State>();
  private moves = 0;
  private epoch = 0;
  /** The looks this body's guards read, in bit order; undefined when too many for the cache. */
  readonly bitLooks: number[] | undefined;
  private mark: Uint32Array;
  private gen = 0;

  constructor(
    readonly p: Program,
    readonly from: number,
    readonly to: number,
    readonly backward: boolean,
    uses: number[],
  ) {
    this.bitLooks = uses.length <= MAX_GUARD_BITS ? uses : undefined;
    this.mark = new Uint32Array(p.op.length);
  }

  private entryState: State | undefined;

  /** The state a run starts in (and that every position injects, for an unanchored run). */
  entry(): State {
    const s = this.entryState;
    if (s && s.epoch === this.epoch) return s;
    return (this.entryState = this.intern(Int32Array.of(this.backward ? this.to : this.from)));
  }

  private nextGen(): number {
    if (++this.gen === 0xffffffff) {
      this.mark.fill(0);
      this.gen = 1;
    }
    return this.gen;
  }

  private intern(kernel: Int32Array): State {
    const key = kernel.join(',');
    let s = this.states.get(key);
    if (!s) {
      this.count();
      s = { kernel, byBits: new Map(), epoch: this.epoch };
      this.states.set(key, s);
    }
    return s;
  }

  /** Counts one cached entry; past the limit the cache starts afresh (older states are dropped). */
  private count(): void {
    if (++this.moves <= MAX_CACHED_MOVES) return;
    this.states.clear();
    this.moves = 1;
    this.epoch++;
  }

  /**
   * The closure of a state at one position: epsilon moves and guards that hold there (`holds`
   * answers for looks; `bits` is the same answer packed, when the cache is used).
   */
  closure(state: State, bits: number, guards: Guards, work: Work): Closure {
    const s = state.epoch === this.epoch ? state : this.intern(state.kernel);
    const cached = this.bitLooks ? s.byBits.get(bits) : undefined;
    if (cached) {
      work.spend(1);
      return cached;
    }
    const raw = this.closureOf(s.kernel, guards, work);
    const c: Closure = { accept: raw.accept, chars: Int32Array.from(raw.chars), next: new Map() };
    if (this.bitLooks) {
      s.byBits.set(bits, c);
      this.count();
    }
    return c;
  }

  /** The closure of a set of nodes at one position, not cached: whether it accepts, and its Char nodes. */
  closureOf(kernel: ArrayLike<number>, guards: Guards, work: Work): { accept: boolean; chars: number[] } {
    const { p } = this;
    const g = this.nextGen();
    const mark = this.mark;
    const stack: number[] = [];
    const chars: number[] = [];
    let accept = false;
    for (let k = 0; k < kernel.length; k++) {
      const x = kernel[k];
      if (mark[x] !== g) {
        mark[x] = g;
        stack.push(x);
      }
    }
    let visited = 0;
    while (stack.length) {
      const i = stack.pop()!;
      visited++;
      if (this.backward) {
        if (i === this.from) accept = true;
        for (const pred of p.back[i]) {
          const op = p.op[pred];
          if (op === CHAR) chars.push(pred);
          else if ((op === SPLIT || (op === GUARD && guards.holds(p.look[pred]) === (p.want[pred] === 1))) && mark[pred] !== g) {
            mark[pred] = g;
            stack.push(pred);
          }
        }
      } else {
        const op = p.op[i];
        if (op === CHAR) chars.push(i);
        else if (op === SPLIT) {
          for (const o of p.outs[i]!) {
            if (mark[o] !== g) {
              mark[o] = g;
              stack.push(o);
            }
          }
        } else if (op === GUARD) {
          const o = p.next[i];
          if (guards.holds(p.look[i]) === (p.want[i] === 1) && mark[o] !== g) {
            mark[o] = g;
            stack.push(o);
          }
        } else if (i === this.to) accept = true;
      }
    }
    work.spend(visited + 1);
    return { accept, chars };
  }

  /** The state after consuming code unit `unit` from a closure; `inject` adds the entry node. */
  step(c: Closure, unit: number, inject: boolean, work: Work): State {
    const hit = c.next.get(unit);
    if (hit) {
      work.spend(1);
      return hit;
    }
    const s = this.intern(Int32Array.from(this.stepOf(c.chars, unit, inject, work)));
    if (this.bitLooks) {
      c.next.set(unit, s);
      this.count();
    }
    return s;
  }

  /** The nodes alive after consuming `unit` from a closure's Char nodes, sorted; not cached. */
  stepOf(chars: ArrayLike<number>, unit: number, inject: boolean, work: Work): number[] {
    const { p } = this;
    const g = this.nextGen();
    const mark = this.mark;
    const out: number[] = [];
    for (let k = 0; k < chars.length; k++) {
      const x = chars[k];
      if (!inSet(p.sets[x]!, unit)) continue;
      const t = this.backward ? x : p.next[x];
      if (mark[t] !== g) {
        mark[t] = g;
        out.push(t);
      }
    }
    if (inject) {
      const e = this.backward ? this.to : this.from;
      if (mark[e] !== g) out.push(e);
    }
    out.sort((a, b) => a - b);
    work.spend(chars.length + out.length + 1);
    return out;
  }

  private distances: Int32Array | undefined;

  /**
   * Fewest code units from a state's nodes to the match, every guard taken as passing: a state
   * farther than the input has left can never accept on it, whatever the guards answer.
   */
  distanceToMatch(s: State): number {
    if (s.toMatch !== undefined) return s.toMatch;
    const d = (this.distances ??= this.matchDistances());
    let best = Infinity;
    for (const x of s.kernel) if (d[x] >= 0 && d[x] < best) best = d[x];
    return (s.toMatch = best);
  }

  /**
   * Per node, the fewest Char moves to the match (-1: never), by a 0-1 breadth-first search
   * backwards from it. For a body run forwards (the only use).
   */
  private matchDistances(): Int32Array {
    const { p } = this;
    const d = new Int32Array(p.op.length).fill(-1);
    let frontier = [this.to];
    d[this.to] = 0;
    for (let dist = 0; frontier.length; dist++) {
      // Epsilon moves first (same distance), then one Char move further.
      const stack = [...frontier];
      const level: number[] = [];
      while (stack.length) {
        const x = stack.pop()!;
        level.push(x);
        for (const pred of p.back[x]) {
          if (d[pred] >= 0 || p.op[pred] === CHAR) continue;
          d[pred] = dist;
          stack.push(pred);
        }
      }
      const next: number[] = [];
      for (const x of level) {
        for (const pred of p.back[x]) {
          if (d[pred] >= 0 || p.op[pred] !== CHAR) continue;
          d[pred] = dist + 1;
          next.push(pred);
        }
      }
      frontier = next;
    }
    return d;
  }

  /** The guard bits of this body at a position (0 when the body runs without a cache). */
  bitsOf(guards: Guards): number {
    const looks = this.bitLooks;
    if (!looks) return 0;
    let bits = 0;
    for (let k = 0; k < looks.length; k++) if (guards.holds(looks[k])) bits |= 1 << k;
    return bits;
  }
}

/** A program with its machines, reused by every input it is run on. */
export class Runner {
  readonly main: Machine;
  /** Per look: its body run from a position (anchored there), and its body swept over a whole input. */
  private readonly probes: Array<Machine | undefined>;
  private readonly sweeps: Array<Machine | undefined>;

  constructor(readonly p: Program) {
    this.main = new Machine(p, p.start, p.match, false, p.uses);
    this.probes = p.looks.map(() => undefined);
    this.sweeps = p.looks.map(() => undefined);
  }

  /** A lookahead's body read forwards from a position, a lookbehind's backwards from it. */
  probe(t: number): Machine {
    const look = this.p.looks[t];
    return (this.probes[t] ??= new Machine(this.p, look.start, look.match, !look.ahead, look.uses));
  }

  /** A look's body swept over the whole input, a start at every position: backwards for a lookahead. */
  sweep(t: number): Machine {
    const look = this.p.looks[t];
    return (this.sweeps[t] ??= new Machine(this.p, look.start, look.match, look.ahead, look.uses));
  }

  /**
   * `RegExp.prototype.test` (no `g` or `y` flag): whether the expression matches anywhere in the
   * input. Throws `WorkExhausted` past the budget.
   * @example new Runner(compileProgram('b+c')).test('abbc', new Work()) // true
   */
  test(input: string, work: Work): boolean {
    const session = new Session(this, input, work);
    const m = this.main;
    const n = input.length;
    // A `^` expression starts at position 0 only: no later start, and nothing left alive ends it.
    const inject = !this.p.anchoredStart;
    const guards = new SessionGuards(session);
    let s = m.entry();
    for (let i = 0; ; i++) {
      guards.at = i;
      const c = m.closure(s, m.bitsOf(guards), guards, work);
      if (c.accept) return true;
      if (i === n) return false;
      s = m.step(c, input.charCodeAt(i), inject, work);
      if (!inject && s.kernel.length === 0) return false;
    }
  }

  /**
   * Whether any of the leading parts `input.slice(0, end)` (ends ascending) is matched, each read
   * as a string of its own, in one pass over the input: looks that read past an end are
   * re-evaluated near it. Undefined when a look reads without bound to the right (the caller
   * then tests the parts one by one). Throws `WorkExhausted` past the budget.
   * @example new Runner(compileProgram('^a$')).testPrefixes('a/b', [1, 3], new Work()) // 1
   */
  testPrefixes(input: string, ends: readonly number[], work: Work): number | undefined {
    const p = this.p;
    const all = this.allUses(p.uses);
    const reach = Math.max(0, ...all.map((t) => p.looks[t].reach));
    if (!Number.isFinite(reach) || all.some((t) => !p.looks[t].ahead && p.looks[t].reach >= 0)) return undefined;
    const session = new Session(this, input, work);
    const m = this.main;
    const n = input.length;
    const inject = !p.anchoredStart;
    const ring: State[] = new Array(reach + 1);
    let firstAccept = Infinity;
    let deadAt = Infinity;
    let next = 0;
    const guards = new SessionGuards(session);
    let s = m.entry();
    for (let i = 0; next < ends.length; i++) {
      ring[i % (reach + 1)] = s;
      guards.at = i;
      const c = m.closure(s, m.bitsOf(guards), guards, work);
      if (c.accept && firstAccept === Infinity) firstAccept = i;
      while (next < ends.length && ends[next] === i) {
        const e = ends[next++];
        // Before `e - reach` no look reads as far as `e`: the full run's answer is the cut one's.
        if (reach === 0 || firstAccept <= e - reach || e === n) {
          if (firstAccept <= e) return e;
          continue;
        }
        const from = Math.max(0, e - reach + 1);
        const at = ring[from % (reach + 1)];
        // A state too far from the match to reach it by `e` needs no replay (the usual case).
        if (m.distanceToMatch(at) <= e - from && this.replay(session, e, from, at)) return e;
      }
      if (i === n) break;
      // Nothing alive for longer than any look reads: no later end can be matched.
      if (i >= deadAt + reach && firstAccept === Infinity) return -1;
      s = m.step(c, input.charCodeAt(i), inject, work);
      if (!inject && s.kernel.length === 0 && deadAt === Infinity) deadAt = i + 1;
    }
    return -1;
  }

  /** Every look reachable from `uses` through nested bodies. */
  private allUses(uses: number[]): number[] {
    const seen = new Set<number>();
    const go = (t: number) => {
      if (seen.has(t)) return;
      seen.add(t);
      this.p.looks[t].uses.forEach(go);
    };
    uses.forEach(go);
    return [...seen];
  }

  /**
   * The main body from `from` (state `s`) to end `e`, with looks cut off at `e`: does it accept?
   * The DFA cache serves here too (its moves are keyed by the guard bits, cut or not).
   */
  private replay(session: Session, e: number, from: number, s: State): boolean {
    const m = this.main;
    const cut = new CutGuards(session, e);
    const inject = !this.p.anchoredStart;
    for (let i = from; ; i++) {
      cut.moveTo(i);
      const c = m.closure(s, m.bitsOf(cut), cut, session.work);
      if (c.accept) return true;
      if (i === e) return false;
      s = m.step(c, session.input.charCodeAt(i), inject, session.work);
    }
  }
}

/** One input under one program: each look's answer per position, worked out when first asked. */
class Session {
  private readonly known: Array<Int8Array | undefined>;
  private readonly probes: number[] = [];
  readonly n: number;

  constructor(
    readonly runner: Runner,
    readonly input: string,
    readonly work: Work,
  ) {
    this.known = runner.p.looks.map(() => undefined);
    this.n = input.length;
  }

  /** Whether look `t` holds at position `at` (0..n). */
  lookAt(t: number, at: number): boolean {
    const look = this.runner.p.looks[t];
    // One code unit decides a single-class look: read it, nothing to remember.
    const single = look.single;
    if (single) return look.ahead ? at < this.n && inSet(single, this.input.charCodeAt(at)) : at > 0 && inSet(single, this.input.charCodeAt(at - 1));
    const tab = (this.known[t] ??= new Int8Array(this.n + 1).fill(-1));
    const v = tab[at];
    if (v >= 0) return v === 1;
    let holds: boolean;
    // A look asked at few positions is probed at each; one asked all along is swept once.
    const probed = (this.probes[t] = (this.probes[t] ?? 0) + 1);
    if (Number.isFinite(look.span) && probed <= PROBES_BEFORE_SWEEP) holds = this.probe(t, at);
    else {
      this.sweep(t, tab);
      return tab[at] === 1;
    }
    tab[at] = holds ? 1 : 0;
    this.work.spend(1);
    return holds;
  }

  /** A bounded look's body run from `at` (forwards for a lookahead, backwards for a lookbehind). */
  private probe(t: number, at: number): boolean {
    const look = this.runner.p.looks[t];
    const m = this.runner.probe(t);
    const guards = new SessionGuards(this);
    let s = m.entry();
    for (let i = at; ; i += look.ahead ? 1 : -1) {
      guards.at = i;
      const c = m.closure(s, m.bitsOf(guards), guards, this.work);
      if (c.accept) return true;
      if (look.ahead ? i === this.n : i === 0) return false;
      s = m.step(c, this.input.charCodeAt(look.ahead ? i : i - 1), false, this.work);
      if (s.kernel.length === 0) return false;
    }
  }

  /** An unbounded look's answers at every position, in one sweep with a start at each. */
  private sweep(t: number, tab: Int8Array): void {
    const look = this.runner.p.looks[t];
    const m = this.runner.sweep(t);
    const { n, input, work } = this;
    const guards = new SessionGuards(this);
    let s = m.entry();
    work.spend(n + 1);
    if (look.ahead) {
      for (let i = n; ; i--) {
        guards.at = i;
        const c = m.closure(s, m.bitsOf(guards), guards, work);
        tab[i] = c.accept ? 1 : 0;
        if (i === 0) break;
        s = m.step(c, input.charCodeAt(i - 1), true, work);
      }
    } else {
      for (let i = 0; ; i++) {
        guards.at = i;
        const c = m.closure(s, m.bitsOf(guards), guards, work);
        tab[i] = c.accept ? 1 : 0;
        if (i === n) break;
        s = m.step(c, input.charCodeAt(i), true, work);
      }
    }
  }

  /** Whether look `t` holds at `at` when the input ends at `e` (only lookaheads near `e` differ). */
  holdsCut(t: number, at: number, e: number): boolean {
    const look = this.runner.p.looks[t];
    if (!look.ahead || at + look.reach <= e) return this.lookAt(t, at);
    const { input, work } = this;
    if (look.single) return at < e && inSet(look.single, input.charCodeAt(at));
    // The body, anchored at `at`, over input[at..e): a plain set simulation (a few units long).
    const p = this.runner.p;
    let cur: number[] = [look.start];
    for (let i = at; ; i++) {
      const seen = new Set<number>();
      const stack = cur.slice();
      const chars: number[] = [];
      while (stack.length) {
        const x = stack.pop()!;
        if (seen.has(x)) continue;
        seen.add(x);
        work.spend(1);
        if (x === look.match) return true;
        const op = p.op[x];
        if (op === CHAR) chars.push(x);
        else if (op === SPLIT) for (const o of p.outs[x]!) stack.push(o);
        else if (op === GUARD && this.holdsCut(p.look[x], i, e) === (p.want[x] === 1)) stack.push(p.next[x]);
      }
      if (i === e) return false;
      const unit = input.charCodeAt(i);
      const next: number[] = [];
      for (const x of chars) if (inSet(p.sets[x]!, unit)) next.push(p.next[x]);
      if (next.length === 0) return false;
      cur = next;
    }
  }
}

/** Guards near an end `e`: each look's answer at the current position, cut off at `e`, worked out once. */
class CutGuards implements Guards {
  private at = 0;
  private readonly known = new Map<number, boolean>();
  constructor(
    private readonly session: Session,
    private readonly e: number,
  ) {}

  moveTo(at: number): void {
    this.at = at;
    this.known.clear();
  }

  holds(t: number): boolean {
    let v = this.known.get(t);
    if (v === undefined) this.known.set(t, (v = this.session.holdsCut(t, this.at, this.e)));
    return v;
  }
}
