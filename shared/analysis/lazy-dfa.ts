import { CharSet, type NFA, type WordSet } from 'refa';
import { BudgetExceeded, MAX_DFA_STATES, type Deadline } from './budget';
import { MAX_CHAR } from './chars';
import { finish, type Steps } from './steps';

/** The walk looks at the clock once per this many new states (a power of two, minus one). */
const CLOCK_EVERY = 255;
/**
 * Work (flags read and nodes and edges handled) after which a walk pauses. A state of a walk over
 * k NFAs costs about k whatever its size, so a count of states alone let a walk over a 5,000-rule
 * file's automata hold the thread for half a second between pauses; about a millisecond of work.
 */
export const WALK_PAUSE_WORK = 100_000;
/** NFAs registered between pauses while a walk sets up (each is a loop over its nodes). */
export const WALK_SETUP_CHUNK = 64;

/**
 * Facts about the nodes of every NFA an analysis run builds: which NFA owns a node, and which
 * nodes are sinks (final, with a self-loop on every input unit: the NFA accepts whatever follows).
 */
export class NodeFacts {
  private readonly owner = new Map<NFA.ReadonlyNode, NFA>();
  private readonly sinks = new Set<NFA.ReadonlyNode>();
  private readonly known = new Set<NFA>();

  constructor(private readonly units: CharSet) {}

  /** Records an NFA's nodes (once). */
  add(n: NFA): void {
    if (this.known.has(n)) return;
    this.known.add(n);
    for (const node of n.nodes()) {
      this.owner.set(node, n);
      if (n.finals.has(node)) {
        const loop = node.out.get(node);
        if (loop && loop.isSupersetOf(this.units)) this.sinks.add(node);
      }
    }
  }

  ownerOf(node: NFA.ReadonlyNode): NFA | undefined {
    return this.owner.get(node);
  }

  isSink(node: NFA.ReadonlyNode): boolean {
    return this.sinks.has(node);
  }
}

/** One state of the subset construction over several NFAs at once. */
export interface WalkState {
  /** accepting[i]: NFA i has a final node here. */
  readonly accepting: boolean[];
  /** present[i]: NFA i still has a node here (it may accept on some continuation). */
  readonly present: boolean[];
  /** settled[i]: NFA i accepts here and on every continuation. */
  readonly settled: boolean[];
}

interface Node extends WalkState {
  nodes: NFA.ReadonlyNode[];
  prev: Node | null;
  via: CharSet | null;
}

/** What a visitor tells the walk about a state. */
export type Step = 'stop' | 'skip' | 'expand';

/**
 * Breadth-first walk of the subset construction over several NFAs together, built only as far as
 * it is walked. Each state is a set of nodes, so it is deterministic: "NFA i does not accept here"
 * is exact and the complement of a union costs nothing extra. The visitor sees states in order of
 * their shortest word and may stop, or skip a state whose continuations cannot matter — which keeps
 * the walk to the words of the rule under test instead of determinizing every rule up front.
 * `path(state)` gives the shortest word set reaching it. Throws `BudgetExceeded` past `limit` states.
 * @example walk([rule, ...higher], facts, (s) => (s.accepting[0] ? 'stop' : 'expand'))
 */
export function walk(nfas: readonly NFA[], facts: NodeFacts, visit: (s: WalkState, path: () => WordSet) => Step, deadline?: Deadline, limit = MAX_DFA_STATES): void {
  finish(walkSteps(nfas, facts, visit, deadline, limit));
}

/**
 * `walk` as steps: it may pause each time it reads the clock (every `CLOCK_EVERY + 1` new states)
 * and once `WALK_PAUSE_WORK` of work is done (every `WALK_SETUP_CHUNK` NFAs while it sets up), so a
 * long walk runs in slices between other work (see `Steps`).
 * @example finish(walkSteps([rule, ...higher], facts, (s) => (s.accepting[0] ? 'stop' : 'expand')))
 */
export function* walkSteps(nfas: readonly NFA[], facts: NodeFacts, visit: (s: WalkState, path: () => WordSet) => Step, deadline?: Deadline, limit = MAX_DFA_STATES): Steps<void> {
  const slots = new Map<NFA, number[]>();
  for (let i = 0; i < nfas.length; i++) {
    const n = nfas[i];
    facts.add(n);
    const list = slots.get(n);
    if (list) list.push(i);
    else slots.set(n, [i]);
    if (i % WALK_SETUP_CHUNK === WALK_SETUP_CHUNK - 1) yield;
  }
  const ids = new Map<NFA.ReadonlyNode, number>();
  const id = (n: NFA.ReadonlyNode) => {
    let i = ids.get(n);
    if (i === undefined) ids.set(n, (i = ids.size));
    return i;
  };
  const seen = new Set<string>();
  const k = nfas.length;
  const make = (nodes: NFA.ReadonlyNode[], prev: Node | null, via: CharSet | null): Node | undefined => {
    const uniq = [...new Set(nodes)].sort((a, b) => id(a) - id(b));
    const key = uniq.map(id).join(',');
    if (seen.has(key)) return undefined;
    if (seen.size >= limit) throw new BudgetExceeded('states');
    if ((seen.size & CLOCK_EVERY) === CLOCK_EVERY) {
      deadline?.check();
      pause = true;
    }
    seen.add(key);
    const s: Node = { nodes: uniq, accepting: new Array(k).fill(false), present: new Array(k).fill(false), settled: new Array(k).fill(false), prev, via };
    for (const x of uniq) {
      const owner = facts.ownerOf(x);
      if (!owner) continue;
      const final = owner.finals.has(x as NFA.Node);
      const sink = final && facts.isSink(x);
      for (const i of slots.get(owner) ?? []) {
        s.present[i] = true;
        if (final) s.accepting[i] = true;
        if (sink) s.settled[i] = true;
      }
    }
    return s;
  };
  // Set where the clock is read; the walk pauses there once the state it was making is filed.
  let pause = false;
  let frontier = [make(nfas.map((n) => n.initial), null, null)!];
  // The work since the last pause: a visit reads the state's k flags, an expansion its nodes' edges
  // once per class of characters leaving them (`successors` adds that).
  let work = 0;
  const meter = { add: (n: number) => void (work += n) };
  while (frontier.length > 0) {
    const next: Node[] = [];
    for (const s of frontier) {
      const step = visit(s, () => pathOf(s));
      if (step === 'stop') return;
      work += k;
      if (step !== 'skip') {
        const out = successors(s, meter);
        work += s.nodes.length + out.length;
        for (const [targets, cs] of out) {
          const t = make(targets, s, cs);
          if (t) next.push(t);
          work += targets.length + k;
        }
      }
      if (pause || work >= WALK_PAUSE_WORK) {
        pause = false;
        work = 0;
        yield;
      }
    }
    frontier = next;
  }
}

function pathOf(s: Node): WordSet {
  const out: CharSet[] = [];
  for (let x: Node | null = s; x && x.via; x = x.prev) out.push(x.via);
  return out.reverse();
}

/** Splits the characters leaving a state into classes with the same target node set. */
function successors(s: Node, meter?: { add(n: number): void }): Array<[NFA.ReadonlyNode[], CharSet]> {
  const edges: Array<[NFA.ReadonlyNode, CharSet]> = [];
  for (const n of s.nodes) for (const [to, cs] of n.out) edges.push([to, cs]);
  const cuts = new Set<number>();
  for (const [, cs] of edges) for (const r of cs.ranges) {
    cuts.add(r.min);
    cuts.add(r.max + 1);
  }
  const bounds = [...cuts].sort((a, b) => a - b);
  meter?.add(edges.length * bounds.length);
  const byKey = new Map<string, { targets: NFA.ReadonlyNode[]; ranges: Array<{ min: number; max: number }> }>();
  for (let i = 0; i + 1 < bounds.length; i++) {
    const lo = bounds[i];
    const targets: NFA.ReadonlyNode[] = [];
    const taken: number[] = [];
    for (let j = 0; j < edges.length; j++) {
      if (edges[j][1].has(lo)) {
        targets.push(edges[j][0]);
        taken.push(j);
      }
    }
    // Characters no edge takes lead to the empty set, where nothing can accept again: skipped.
    if (targets.length === 0) continue;
    const key = taken.join(',');
    const range = { min: lo, max: bounds[i + 1] - 1 };
    const g = byKey.get(key);
    if (g) g.ranges.push(range);
    else byKey.set(key, { targets, ranges: [range] });
  }
  return [...byKey.values()].map((g) => [g.targets, CharSet.empty(MAX_CHAR).union(g.ranges)]);
}

/**
 * A shortest word accepted by NFA 0 and by none of the others (what a rule decides when the
 * others take precedence), or undefined when the others cover it.
 * @example firstUncovered([rule, ...higher], facts) // undefined: covered by their union
 */
export function firstUncovered(nfas: readonly NFA[], facts: NodeFacts, deadline?: Deadline): WordSet | undefined {
  let found: WordSet | undefined;
  walk(nfas, facts, (s, path) => {
    if (s.accepting[0] && !s.accepting.includes(true, 1)) {
      found = path();
      return 'stop';
    }
    return s.present[0] && !s.settled.includes(true, 1) ? 'expand' : 'skip';
  }, deadline);
  return found;
}

/**
 * For words of NFA 0, the first of the other NFAs accepting each (its decider), with a shortest
 * witness per decider; deciders that take nothing are absent. Exact: every state reachable along
 * NFA 0's words is visited, except those whose possible deciders all have a witness already
 * (`known`: indices whose witness the caller already holds; they are not searched for again).
 * @example deciders([rule, ...higher], facts) // Map { 1 => [...], 3 => [...] }
 */
export function deciders(nfas: readonly NFA[], facts: NodeFacts, deadline?: Deadline, known: ReadonlySet<number> = new Set()): Map<number, WordSet> {
  const found = new Map<number, WordSet>();
  const k = nfas.length;
  const done = (i: number) => found.has(i) || known.has(i);
  walk(nfas, facts, (s, path) => {
    if (!s.present[0]) return 'skip';
    if (s.accepting[0]) {
      const d = s.accepting.indexOf(true, 1);
      if (d > 0 && !done(d)) found.set(d, path());
    }
    // Later words are decided by a present NFA no later than the first settled one.
    const settled = s.settled.indexOf(true, 1);
    const last = settled > 0 ? settled : k - 1;
    for (let i = 1; i <= last; i++) if (s.present[i] && !done(i)) return 'expand';
    return 'skip';
  }, deadline);
  return found;
}

/**
 * A shortest word of NFA 0 and NFA 1 that none of the others accepts (what rule 1 takes from rule
 * 0 when the others come before rule 1), or undefined.
 * @example takenBy([rule, taker, ...beforeTaker], facts)
 */
export function takenBy(nfas: readonly NFA[], facts: NodeFacts, deadline?: Deadline): WordSet | undefined {
  let found: WordSet | undefined;
  walk(nfas, facts, (s, path) => {
    if (s.accepting[0] && s.accepting[1] && !s.accepting.includes(true, 2)) {
      found = path();
      return 'stop';
    }
    return s.present[0] && s.present[1] && !s.settled.includes(true, 2) ? 'expand' : 'skip';
  }, deadline);
  return found;
}
