import { Op, type Look, type Program } from './program';

// The op codes as module constants: read in the innermost loops, once per node visited.
const CHAR: number = Op.Char;
const SPLIT: number = Op.Split;
const GUARD: number = Op.Guard;

/**
 * Runs a compiled program over an input without backtracking. Each body (the expression, each
 * look) is a lazily built DFA: a state is the set of automaton nodes alive at a position, and its
 * moves are cached per (guard bits at the position, code unit). A look's table is filled in one
 * sweep over the input — forwards for a lookbehind, backwards for a lookahead — before the bodies
 * that read it run. Every piece of work counts against a budget; past it the answer is undefined.
 */

/** Work units (automaton nodes visited, cached moves taken) one question may spend. */
export const MAX_MATCH_WORK = 20_000_000;
/** Cached DFA states plus moves one body keeps; past it the cache starts afresh. */
const MAX_CACHED_MOVES = 50_000;
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

/** Guards answered from full tables at one position (moved along by the run). */
class TableGuards implements Guards {
  at = 0;
  constructor(private readonly tables: Array<Uint8Array | undefined>) {}
  holds(t: number): boolean {
    return this.tables[t]![this.at] === 1;
  }
}

/** One body run in one direction, with its DFA cache kept across inputs. */
class Machine {
  private states = new Map<string, State>();
  private moves = 0;
  private epoch = 0;
  /** The looks this body's guards read, in bit order; undefined when too many for the cache. */
  readonly bitLooks: number[] | undefined;
  private readonly bitOf: Int32Array;
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
    this.bitOf = new Int32Array(p.looks.length).fill(-1);
    uses.forEach((u, i) => (this.bitOf[u] = i));
    this.mark = new Uint32Array(p.op.length);
  }

  /** The state a run starts in (and that every position injects, for an unanchored run). */
  entry(): State {
    return this.intern(Int32Array.of(this.backward ? this.to : this.from));
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

  /** Per node, the fewest Char moves to the match (-1: never), by a 0-1 breadth-first search backwards. */
  private matchDistances(): Int32Array {
    const { p } = this;
    const d = new Int32Array(p.op.length).fill(-1);
    const target = this.backward ? this.from : this.to;
    let frontier = [target];
    d[target] = 0;
    for (let dist = 0; frontier.length; dist++) {
      // Epsilon moves first (same distance), then one Char move further.
      const stack = [...frontier];
      const level: number[] = [];
      while (stack.length) {
        const x = stack.pop()!;
        level.push(x);
        for (const pred of this.backward ? this.forwardOf(x) : p.back[x]) {
          if (d[pred] >= 0 || p.op[pred] === CHAR) continue;
          d[pred] = dist;
          stack.push(pred);
        }
      }
      const next: number[] = [];
      for (const x of level) {
        for (const pred of this.backward ? this.forwardOf(x) : p.back[x]) {
          if (d[pred] >= 0 || p.op[pred] !== CHAR) continue;
          d[pred] = dist + 1;
          next.push(pred);
        }
      }
      frontier = next;
    }
    return d;
  }

  /** The nodes a node moves to (forwards), for distances of a body run backwards. */
  private forwardOf(x: number): number[] {
    const { p } = this;
    const op = p.op[x];
    if (op === SPLIT) return p.outs[x]!;
    if (op === CHAR || op === GUARD) return [p.next[x]];
    return [];
  }

  /** The guard bits of this body at position `at`, from full tables. */
  bitsAt(tables: Array<Uint8Array | undefined>, at: number): number {
    const looks = this.bitLooks;
    if (!looks) return 0;
    let bits = 0;
    for (let k = 0; k < looks.length; k++) if (tables[looks[k]]![at]) bits |= 1 << k;
    return bits;
  }

  bitIndex(look: number): number {
    return this.bitOf[look];
  }
}

/** A program with its machines (one per body), reused by every input it is run on. */
export class Runner {
  private readonly main: Machine;
  private readonly bodies: Array<Machine | undefined>;

  constructor(readonly p: Program) {
    this.main = new Machine(p, p.start, p.match, false, p.uses);
    this.bodies = p.looks.map(() => undefined);
  }

  private body(t: number): Machine {
    const look = this.p.looks[t];
    return (this.bodies[t] ??= new Machine(this.p, look.start, look.match, look.ahead, look.uses));
  }

  /** Tables (one flag per position 0..n) of every look `uses` needs, inner looks first. */
  private tables(input: string, uses: number[], work: Work): Array<Uint8Array | undefined> {
    const tables: Array<Uint8Array | undefined> = this.p.looks.map(() => undefined);
    const need = new Set<number>();
    const add = (t: number) => {
      if (need.has(t)) return;
      need.add(t);
      for (const u of this.p.looks[t].uses) add(u);
    };
    uses.forEach(add);
    for (const t of [...need].sort((a, b) => a - b)) tables[t] = this.table(input, t, tables, work);
    return tables;
  }

  private table(input: string, t: number, tables: Array<Uint8Array | undefined>, work: Work): Uint8Array {
    const look: Look = this.p.looks[t];
    const n = input.length;
    const out = new Uint8Array(n + 1);
    work.spend(n + 1);
    if (look.single) {
      const r = look.single;
      if (look.ahead) for (let i = 0; i < n; i++) out[i] = inSet(r, input.charCodeAt(i)) ? 1 : 0;
      else for (let i = 1; i <= n; i++) out[i] = inSet(r, input.charCodeAt(i - 1)) ? 1 : 0;
      return out;
    }
    const m = this.body(t);
    const guards = new TableGuards(tables);
    let s = m.entry();
    if (look.ahead) {
      for (let i = n; ; i--) {
        guards.at = i;
        const c = m.closure(s, m.bitsAt(tables, i), guards, work);
        if (c.accept) out[i] = 1;
        if (i === 0) break;
        s = m.step(c, input.charCodeAt(i - 1), true, work);
      }
    } else {
      for (let i = 0; ; i++) {
        guards.at = i;
        const c = m.closure(s, m.bitsAt(tables, i), guards, work);
        if (c.accept) out[i] = 1;
        if (i === n) break;
        s = m.step(c, input.charCodeAt(i), true, work);
      }
    }
    return out;
  }

  /**
   * `RegExp.prototype.test` (no `g` or `y` flag): whether the expression matches anywhere in the
   * input. Throws `WorkExhausted` past the budget.
   * @example new Runner(compileProgram('b+c')).test('abbc', new Work()) // true
   */
  test(input: string, work: Work): boolean {
    const tables = this.tables(input, this.p.uses, work);
    const m = this.main;
    const n = input.length;
    const guards = new TableGuards(tables);
    let s = m.entry();
    for (let i = 0; ; i++) {
      guards.at = i;
      const c = m.closure(s, m.bitsAt(tables, i), guards, work);
      if (c.accept) return true;
      if (i === n) return false;
      s = m.step(c, input.charCodeAt(i), true, work);
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
    const reach = Math.max(0, ...this.allUses(p.uses).map((t) => p.looks[t].reach));
    if (!Number.isFinite(reach) || this.allUses(p.uses).some((t) => !p.looks[t].ahead && p.looks[t].reach >= 0)) return undefined;
    const tables = this.tables(input, p.uses, work);
    const m = this.main;
    const n = input.length;
    const ring: State[] = new Array(reach + 1);
    let firstAccept = Infinity;
    let next = 0;
    const guards = new TableGuards(tables);
    let s = m.entry();
    for (let i = 0; next < ends.length; i++) {
      ring[i % (reach + 1)] = s;
      guards.at = i;
      const c = m.closure(s, m.bitsAt(tables, i), guards, work);
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
        if (m.distanceToMatch(at) <= e - from && this.replay(input, e, from, at, tables, work)) return e;
      }
      if (i === n) break;
      s = m.step(c, input.charCodeAt(i), true, work);
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
   * Not cached (the guards differ near every end), and guards are evaluated only when reached.
   */
  private replay(input: string, e: number, from: number, s: State, tables: Array<Uint8Array | undefined>, work: Work): boolean {
    const m = this.main;
    const cut = new CutGuards(this, input, e, tables, work);
    let kernel: ArrayLike<number> = s.kernel;
    for (let i = from; ; i++) {
      cut.moveTo(i);
      const c = m.closureOf(kernel, cut, work);
      if (c.accept) return true;
      if (i === e) return false;
      kernel = m.stepOf(c.chars, input.charCodeAt(i), true, work);
    }
  }

  /** Whether look `t` holds at `at` when the input ends at `e` (only lookaheads near `e` differ). */
  holdsCut(input: string, t: number, at: number, e: number, tables: Array<Uint8Array | undefined>, work: Work): boolean {
    const look = this.p.looks[t];
    if (!look.ahead || at + look.reach <= e) return tables[t]![at] === 1;
    if (look.single) return at < e && inSet(look.single, input.charCodeAt(at));
    // The body, anchored at `at`, over input[at..e): a plain set simulation (a few units long).
    const p = this.p;
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
        else if (op === GUARD && this.holdsCut(input, p.look[x], i, e, tables, work) === (p.want[x] === 1)) stack.push(p.next[x]);
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
    private readonly runner: Runner,
    private readonly input: string,
    private readonly e: number,
    private readonly tables: Array<Uint8Array | undefined>,
    private readonly work: Work,
  ) {}

  moveTo(at: number): void {
    this.at = at;
    this.known.clear();
  }

  holds(t: number): boolean {
    let v = this.known.get(t);
    if (v === undefined) this.known.set(t, (v = this.runner.holdsCut(this.input, t, this.at, this.e, this.tables, this.work)));
    return v;
  }
}
