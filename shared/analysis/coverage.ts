import type { Decision } from '../model';
import type { NFA } from 'refa';
import { AutomataCache, disjoint, type Language } from './automata';
import { BudgetExceeded, Deadline } from './budget';
import { walkLimit } from './classes';
import { deciders, firstUncovered, takenBy } from './lazy-dfa';
import { languageIncludes, languageNonEmpty } from './inclusion';
import { languageMeets, wordFromSet } from './witness';
import { PrefixIndex } from './prefix-index';
import { finish, type Steps } from './steps';

/**
 * One rule as the coverage engine sees it: a language, a decision and an exact membership test.
 * Entries are handed over in precedence order — the first entry that matches a request decides it
 * (for last-match dialects that is the reversed file order).
 */
export interface Entry {
  /** Index of the rule in its rule set. */
  rule: number;
  decision: Decision;
  lang: Language;
  /** Exact membership of a request (its parts: [action, resource] or [command]), as the matcher decides it. */
  test(parts: readonly string[]): boolean;
  /** Readable requests in the language (checked with `test` before use). */
  readonly fills: string[][];
  /** `fills[0]` without listing the rest (an entry no other can meet needs just one). */
  firstFill?(): string[] | undefined;
  /** A prefix and a suffix of every encoded word of the language, for a sound overlap filter. */
  prefix: string;
  suffix: string;
  /**
   * Where `firstFill` comes from, when that is an object kept beyond one analysis (the key's
   * shape): it tests the first stand-in without making it (`firstLives`, as `test(firstFill())`),
   * and a live outcome proved by it keeps this, not the stand-in, reading the stand-in again if
   * its witness is ever asked for.
   */
  standIns?: StandIns;
  /**
   * Identity of everything above except `rule` and `decision`: entries with the same key (the
   * same object) have the same language, test, fills, prefix and suffix. Lets a `CoverageMemo`
   * recognise an unchanged entry in the next analysis of an edited file.
   */
  key?: object;
}

/** An entry's first stand-in, read or tested when asked for (see `Entry.standIns`). */
export interface StandIns {
  first(): string[] | undefined;
  firstLives(): boolean;
}

/**
 * A live outcome whose witness is its entry's first stand-in, read again when asked for (it reads
 * the same every time): a large file has thousands of such rules, and their analysis is kept for
 * the next edit, so none keeps its stand-in.
 */
class FirstStandIn {
  readonly status = 'live' as const;
  readonly #standIns: StandIns;
  constructor(standIns: StandIns) {
    this.#standIns = standIns;
  }
  get witness(): string[] {
    return this.#standIns.first()!;
  }
  toJSON(): Outcome {
    return { status: this.status, witness: this.witness };
  }
}

/** Who takes a request away from a rule, with the request. */
export interface Decider {
  rule: number;
  decision: Decision;
  witness: string[];
}

export type Outcome =
  /** The rule decides `witness`; `lost` (when asked for) is a request it matches that a rule of another decision takes. */
  | { status: 'live'; witness: string[]; lost?: Decider }
  /** The rule decides nothing; `deciders` take everything it matches (each with a witness). */
  | { status: 'dead'; deciders: Decider[] }
  | { status: 'budget'; reason: BudgetExceeded['reason'] };

export interface CoverageOptions {
  /** Whether to look for a request the entry loses to a rule of another decision (denies). */
  wantLoss(e: Entry): boolean;
  /** Whether to name the rules that take a dead entry's requests. */
  wantDeciders?(e: Entry): boolean;
  deadline: Deadline;
  cache: AutomataCache;
  /** Characters witnesses prefer, in order (see `preferredChars`). */
  preferred: readonly number[];
}

/** Shared, never written (frozen, it would give the answers two shapes, and their readers two paths). */
const NONE_HIGHER: readonly number[] = [];

/**
 * Positions of entries whose language may overlap a given one. Sound: two languages that share a
 * word have prefix keys of which one starts the other (both start that word), and likewise suffixes.
 */
class OverlapIndex {
  private readonly byPrefix = new PrefixIndex();
  /** Per position, 1 when the entry's prefix key starts another entry's or is started by one (a repeat included). */
  private readonly indexed: Uint8Array;
  /** Scratch for one query's items (queries run one at a time, thousands per analysis). */
  private readonly near: number[] = [];

  constructor(private readonly entries: readonly Entry[]) {
    this.indexed = new Uint8Array(entries.length);
    const meeting = meetingKeys(entries);
    // Only entries whose keys meet another's are indexed: the thousands of a large file that meet
    // none are answered by their flag, with no table of their keys.
    if (meeting.size === 0) return;
    for (let pos = 0; pos < entries.length; pos++) {
      if (!meeting.has(entries[pos].prefix)) continue;
      this.indexed[pos] = 1;
      this.byPrefix.add(entries[pos].prefix, pos);
    }
    this.byPrefix.seal();
  }

  /** Entries before `pos` (higher precedence) that may overlap it, in precedence order. */
  higher(pos: number): readonly number[] {
    const entries = this.entries;
    if (this.indexed[pos] === 0) return NONE_HIGHER;
    const near = this.near;
    near.length = 0;
    this.byPrefix.related(entries[pos].prefix, pos, near);
    // Most entries of a large file meet none: they share one empty answer (and their suffix is never read).
    if (near.length === 0) return NONE_HIGHER;
    const suffix = entries[pos].suffix;
    let out: number[] | undefined;
    for (const q of near) {
      const s = entries[q].suffix;
      if (s.endsWith(suffix) || suffix.endsWith(s)) (out ??= []).push(q);
    }
    if (!out) return NONE_HIGHER;
    // Each position is under one key only: sorting is all that is left.
    if (out.length > 1) out.sort((a, b) => a - b);
    return out;
  }
}

/**
 * The entries' prefix keys that start or are started by another entry's (equal keys included).
 * Sorted, the keys a key starts follow it in one run, so a key meets another exactly when it starts
 * the next key or a key it follows in such a run starts it: one pass with a stack of the keys that
 * start the current one, after one sort of the plain strings (no table of thousands of keys).
 * @example meetingKeys(entriesWithPrefixes(['src/', 'src/a', 'docs/'])) // Set { 'src/', 'src/a' }
 */
function meetingKeys(entries: readonly Entry[]): Set<string> {
  const keys = new Array<string>(entries.length);
  for (let pos = 0; pos < entries.length; pos++) keys[pos] = entries[pos].prefix;
  keys.sort();
  const out = new Set<string>();
  const open: string[] = [];
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i];
    while (open.length > 0 && !k.startsWith(open[open.length - 1])) open.pop();
    if (open.length > 0) {
      // Every key still open starts this one; the deeper ones were marked when they met theirs.
      out.add(open[open.length - 1]);
      out.add(k);
    }
    open.push(k);
  }
  return out;
}

/**
 * What one analysis of a view leaves for the next analysis of the same view (an edited file).
 * Which higher entries can decide a request of an entry, and which entries hide behind a single
 * includer, depend only on the entries' languages in their order. Whether an entry decides
 * anything, its witness, and which candidates take a dead entry's requests depend only on the
 * languages too (and on the preferred characters); only the search for a request the entry loses
 * to another decision reads decisions. So when every entry keeps its key at its position, the
 * candidate lists are reused, and an outcome is reused when its entry and candidates keep their
 * rules and, if a loss was searched for, their decisions (a dead entry's deciders get their
 * current decisions). Budget outcomes are never reused. A memo belongs to one caller.
 * @example const memo = new CoverageMemo(); analyzeCoverage(entries, opts, memo); analyzeCoverage(edited, opts, memo)
 */
export class CoverageMemo {
  /** Per position of the last analysis: the entry's key, decision and rule. */
  keys: Array<object | undefined> = [];
  decisions: Decision[] = [];
  rules: number[] = [];
  /** Per position: what was asked of the entry (LOSS and DECIDERS bits). */
  asked: number[] = [];
  relevant: Relevant[] = [];
  outcomes: Outcome[] = [];
  preferred: readonly number[] = [];
}

/** Bits of `CoverageMemo.asked`: a lost request was searched for; deciders were named. */
const ASKED_LOSS = 1;
const ASKED_DECIDERS = 2;

function askedOf(e: Entry, opts: CoverageOptions): number {
  return (opts.wantLoss(e) ? ASKED_LOSS : 0) | (opts.wantDeciders?.(e) === false ? 0 : ASKED_DECIDERS);
}

/** A shared empty candidate list (never written): most entries of a large file overlap no higher entry. */
const NO_CANDIDATES: Relevant = { list: [], cover: undefined };

function sameKeys(entries: readonly Entry[], memo: CoverageMemo): boolean {
  if (memo.keys.length !== entries.length) return false;
  for (let pos = 0; pos < entries.length; pos++) {
    const k = entries[pos].key;
    if (k === undefined || k !== memo.keys[pos]) return false;
  }
  return true;
}

function samePreferred(a: readonly number[], b: readonly number[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** The memo's outcome for `pos` when it still holds (see `CoverageMemo`), with current decisions. */
function reusable(entries: readonly Entry[], pos: number, relevant: Relevant, asked: number, memo: CoverageMemo): Outcome | undefined {
  const o = memo.outcomes[pos];
  if (o === undefined || o.status === 'budget' || memo.asked[pos] !== asked || memo.rules[pos] !== entries[pos].rule) return undefined;
  let decided = true;
  for (const q of relevant.list) {
    if (memo.rules[q] !== entries[q].rule) return undefined;
    if (memo.decisions[q] !== entries[q].decision) decided = false;
  }
  if (asked & ASKED_LOSS) return decided && memo.decisions[pos] === entries[pos].decision ? o : undefined;
  if (decided || o.status === 'live') return o;
  const now = new Map<number, Decision>();
  for (const q of relevant.list) now.set(entries[q].rule, entries[q].decision);
  return { status: 'dead', deciders: o.deciders.map((d) => ({ ...d, decision: now.get(d.rule)! })) };
}

/** The candidate lists of every position, computed from the languages alone; it may pause after each position. */
function* candidateLists(entries: readonly Entry[]): Steps<Relevant[]> {
  const index = new OverlapIndex(entries);
  yield;
  const out: Relevant[] = [];
  // hidden[q]: one higher entry alone includes entry q, so q decides nothing and, wherever q
  // matches, an earlier entry matched first: q can be left out of every other entry's check.
  const hidden: boolean[] = [];
  for (let pos = 0; pos < entries.length; pos++) {
    const higher = index.higher(pos);
    const relevant = higher.length === 0 ? NO_CANDIDATES : relevantCandidates(entries, pos, higher.filter((q) => !hidden[q]));
    hidden[pos] = relevant.cover !== undefined;
    out.push(relevant.list.length === 0 && relevant.cover === undefined ? NO_CANDIDATES : relevant);
    yield;
  }
  return out;
}

/**
 * Decides, for every entry, exactly whether it decides any request given the entries that take
 * precedence over it, with witnesses. Cheap proofs come first: readable stand-in requests prove
 * liveness, and a single higher entry whose pattern plainly includes this one proves it dead (see
 * inclusion.ts); such an included entry is also left out of every later check, since wherever it
 * matches its includer matched first. Only what these leave open goes to the automata, so a
 * "dead" claim always rests on an exact inclusion proof. With a `memo` of the same view's last
 * analysis, what the edit cannot have changed is taken from it (see `CoverageMemo`).
 * @example analyzeCoverage(entries, { wantLoss: (e) => e.decision === 'deny', deadline, cache })
 */
export function analyzeCoverage(entries: readonly Entry[], opts: CoverageOptions, memo?: CoverageMemo): Outcome[] {
  return finish(coverageSteps(entries, opts, memo));
}

/** Entries whose kept outcome is reused between pauses of `coverageSteps`. */
const REUSED_CHUNK = 256;

/**
 * `analyzeCoverage` as steps (see `Steps`): it may pause after each entry it analyses, and every
 * `REUSED_CHUNK` entries whose kept outcome it reuses.
 * @example finish(coverageSteps(entries, opts)).map((o) => o.status)
 */
export function* coverageSteps(entries: readonly Entry[], opts: CoverageOptions, memo?: CoverageMemo): Steps<Outcome[]> {
  const warm = memo !== undefined && sameKeys(entries, memo);
  const lists = warm ? memo.relevant : yield* candidateLists(entries);
  const reuse = warm && samePreferred(memo.preferred, opts.preferred);
  const asked = entries.map((e) => askedOf(e, opts));
  const out: Outcome[] = [];
  let spent: 'time' | 'memory' | undefined;
  for (let pos = 0; pos < entries.length; pos++) {
    const relevant = lists[pos];
    const kept = reuse ? reusable(entries, pos, relevant, asked[pos], memo) : undefined;
    if (kept) {
      out.push(kept);
      // Reuse is cheap but not free: a warm file of thousands of entries still pauses now and then.
      if (pos % REUSED_CHUNK === REUSED_CHUNK - 1) yield;
      continue;
    }
    // The clock is read before an entry with candidates: one without costs less than the read,
    // and if it cannot be settled cheaply its analysis checks the budget itself.
    if (spent || (relevant.list.length > 0 && opts.deadline.expired)) {
      spent ??= opts.deadline.reason ?? 'time';
      out.push({ status: 'budget', reason: spent });
      continue;
    }
    try {
      out.push(analyzeOne(entries, pos, relevant, opts));
    } catch (e) {
      if (!(e instanceof BudgetExceeded)) throw e;
      if (e.reason === 'time' || e.reason === 'memory') spent = e.reason;
      out.push({ status: 'budget', reason: e.reason });
    }
    yield;
  }
  if (memo) {
    memo.keys = entries.map((e) => e.key);
    memo.decisions = entries.map((e) => e.decision);
    memo.rules = entries.map((e) => e.rule);
    memo.asked = asked;
    memo.relevant = lists;
    memo.outcomes = out;
    memo.preferred = opts.preferred;
  }
  return out;
}

/**
 * The entries after `pos` (lower precedence) that share at least one request with it: the rules a
 * broad rule overrides.
 * @example overlappingLower(entries, 0, cache) // positions of the rules entry 0 takes requests from
 */
export function overlappingLower(entries: readonly Entry[], pos: number, cache: AutomataCache, deadline?: Deadline): number[] {
  return finish(overlappingLowerSteps(entries, pos, cache, deadline));
}

/** Pairs tested on their automata between pauses of `overlappingLowerSteps` (a product automaton each). */
export const OVERLAP_PAIRS_CHUNK = 16;

/**
 * `overlappingLower` as steps (see `Steps`): it pauses every `OVERLAP_PAIRS_CHUNK` pairs it tests
 * on their automata; the positions are the same.
 * @example finish(overlappingLowerSteps(entries, 0, cache))
 */
export function* overlappingLowerSteps(entries: readonly Entry[], pos: number, cache: AutomataCache, deadline?: Deadline): Steps<number[]> {
  const e = entries[pos];
  let tested = 0;
  let nfa: NFA | undefined;
  const mine = () => (nfa ??= cache.nfa(e.lang));
  const out: number[] = [];
  for (let q = pos + 1; q < entries.length; q++) {
    const o = entries[q];
    const pre = o.prefix.startsWith(e.prefix) || e.prefix.startsWith(o.prefix);
    const suf = o.suffix.endsWith(e.suffix) || e.suffix.endsWith(o.suffix);
    if (!pre || !suf) continue;
    // A broad rule meets thousands of lower ones, each a product automaton: the clock is read per pair.
    deadline?.check();
    // Between non-empty languages an inclusion either way is an overlap, proved without automata.
    const proved = languageNonEmpty(e.lang) && languageNonEmpty(o.lang) && (languageIncludes(e.lang, o.lang) || languageIncludes(o.lang, e.lang));
    if (proved) {
      out.push(q);
      continue;
    }
    if (!disjoint(mine(), cache.nfa(o.lang))) out.push(q);
    if (++tested % OVERLAP_PAIRS_CHUNK === 0) yield;
  }
  return out;
}

/**
 * True when every request of `inner` is also matched by `outer` (exact, on the automata).
 * @example includedIn(entryOf('edit docs/*'), entryOf('edit *'), cache) // true
 */
export function includedIn(inner: Entry, outer: Entry, cache: AutomataCache, deadline?: Deadline): boolean {
  if (languageIncludes(outer.lang, inner.lang)) return true;
  // One stand-in request of the inner rule that the outer misses refutes it without automata.
  if (inner.fills.some((f) => inner.test(f) && !outer.test(f))) return false;
  return firstUncovered([cache.nfa(inner.lang), cache.nfa(outer.lang)], cache.facts, deadline) === undefined;
}

/**
 * The outcome for one entry alone (what the editor asks when it wants a single rule's witness).
 * @example analyzeEntry(entries, 3, opts).status // 'live'
 */
export function analyzeEntry(entries: readonly Entry[], pos: number, opts: CoverageOptions): Outcome {
  try {
    const kept: number[] = [];
    for (const q of new OverlapIndex(entries).higher(pos)) if (!kept.some((p) => languageIncludes(entries[p].lang, entries[q].lang))) kept.push(q);
    return analyzeOne(entries, pos, relevantCandidates(entries, pos, kept), opts);
  } catch (e) {
    if (e instanceof BudgetExceeded) return { status: 'budget', reason: e.reason };
    throw e;
  }
}

/** The highest-precedence candidate matching a request, or undefined. */
function firstMatch(entries: readonly Entry[], candidates: readonly number[], parts: readonly string[]): number | undefined {
  for (const q of candidates) if (entries[q].test(parts)) return q;
  return undefined;
}

function decider(entries: readonly Entry[], q: number, witness: string[]): Decider {
  return { rule: entries[q].rule, decision: entries[q].decision, witness };
}

/**
 * The candidates that can decide a request of entry `pos`, in precedence order: none after the
 * first that alone includes the entry (`cover`), since that one matches every such request first.
 */
interface Relevant {
  list: number[];
  cover: number | undefined;
}

function relevantCandidates(entries: readonly Entry[], pos: number, candidates: readonly number[]): Relevant {
  const e = entries[pos];
  const list: number[] = [];
  for (const q of candidates) {
    list.push(q);
    if (languageIncludes(entries[q].lang, e.lang)) return { list, cover: q };
  }
  return { list, cover: undefined };
}

function analyzeOne(entries: readonly Entry[], pos: number, relevant: Relevant, opts: CoverageOptions): Outcome {
  const e = entries[pos];
  const candidates = relevant.list;
  let live: string[] | undefined;
  let lost: Decider | undefined;
  const wantLoss = opts.wantLoss(e);
  if (candidates.length === 0) {
    // Nothing can take a request from the entry: its first stand-in, if the matcher accepts it, is
    // its witness, as the loop below would find it (read again from the shape when it can be).
    if (e.standIns) {
      if (e.standIns.firstLives()) return new FirstStandIn(e.standIns);
    } else if (e.firstFill) {
      const f = e.firstFill();
      if (f && e.test(f)) return { status: 'live', witness: f };
    }
  }
  // After the one-stand-in case, which costs next to nothing: a large file has thousands of those,
  // and each clock read costs more than the case itself.
  opts.deadline.check();
  for (const f of e.fills) {
    if (!e.test(f)) continue;
    const q = firstMatch(entries, candidates, f);
    if (q === undefined) live ??= f;
    else if (wantLoss && !lost && entries[q].decision !== e.decision) lost = decider(entries, q, f);
    // With no candidate, nothing can take a request from the entry: one live word settles it.
    if (live && (lost || !wantLoss || candidates.length === 0)) break;
  }
  if (!live) {
    const ws = relevant.cover === undefined ? firstUncovered(nfasOf([e, ...candidates.map((q) => entries[q])], opts), opts.cache.facts, opts.deadline) : undefined;
    if (!ws) {
      const deciders = opts.wantDeciders?.(e) === false ? [] : decidersOf(entries, pos, candidates, opts);
      return { status: 'dead', deciders };
    }
    live = wordFromSet(ws, opts.preferred);
  }
  if (wantLoss && !lost) {
    for (const q of candidates) {
      if (entries[q].decision === e.decision) continue;
      const w = takenFrom(entries, pos, q, candidates, opts);
      if (w) {
        lost = decider(entries, q, w);
        break;
      }
    }
  }
  return lost ? { status: 'live', witness: live, lost } : { status: 'live', witness: live };
}

/**
 * A request matched by entry `pos` that candidate `q` decides (no candidate before `q` matches it),
 * or undefined when `q` decides none of them.
 */
function takenFrom(entries: readonly Entry[], pos: number, q: number, candidates: readonly number[], opts: CoverageOptions): string[] | undefined {
  opts.deadline.check();
  const e = entries[pos];
  const o = entries[q];
  const before = candidates.filter((c) => c < q);
  const fill = readableTaken(entries, e, q, before) ?? constructedTaken(entries, e, q, before);
  if (fill) return fill;
  // The joint walk tracks where every star of every pattern may be: past the walk limit it costs
  // far more than the patterns' length, so the loss is reported as not searched instead.
  const walked = [e, o, ...before.map((c) => entries[c])];
  if (!walked.every((x) => walkable(x.lang))) throw new BudgetExceeded('pattern');
  const ws = takenBy(nfasOf(walked, opts), opts.cache.facts, opts.deadline);
  return ws ? wordFromSet(ws, opts.preferred) : undefined;
}

/** Whether a language is small enough for a joint walk (`walkLimit`). */
function walkable(l: Language): boolean {
  return l.kind === 'one' ? walkLimit(l.w) === undefined : walkLimit(l.a) === undefined && walkLimit(l.b) === undefined;
}

/** A stand-in request of either rule that rule `q` takes from `e`, if one is at hand. */
function readableTaken(entries: readonly Entry[], e: Entry, q: number, before: readonly number[]): string[] | undefined {
  for (const f of [...entries[q].fills, ...e.fills]) {
    if (e.test(f) && entries[q].test(f) && firstMatch(entries, before, f) === undefined) return f;
  }
  return undefined;
}

function nfasOf(list: readonly Entry[], opts: CoverageOptions): NFA[] {
  return list.map((x) => opts.cache.nfa(x.lang));
}

/** A request built from the literals of both rules that rule `q` takes from `e`, if one is found. */
function constructedTaken(entries: readonly Entry[], e: Entry, q: number, before: readonly number[]): string[] | undefined {
  for (const f of languageMeets(e.lang, entries[q].lang)) {
    if (e.test(f) && entries[q].test(f) && firstMatch(entries, before, f) === undefined) return f;
  }
  return undefined;
}

/**
 * Every candidate that takes some of a dead entry's requests, in precedence order, each with a
 * witness. Readable and constructed requests name most deciders at the cost of a few matcher
 * calls; one joint walk then settles the rest exactly (finding their witness or proving they take nothing).
 */
function decidersOf(entries: readonly Entry[], pos: number, candidates: readonly number[], opts: CoverageOptions): Decider[] {
  opts.deadline.check();
  const e = entries[pos];
  const held = new Map<number, string[]>();
  const note = (f: string[]) => {
    if (!e.test(f)) return;
    const d = firstMatch(entries, candidates, f);
    if (d !== undefined && !held.has(d)) held.set(d, f);
  };
  for (const f of e.fills) note(f);
  for (const q of candidates) {
    if (held.has(q)) continue;
    for (const f of entries[q].fills) note(f);
    if (!held.has(q)) for (const f of languageMeets(e.lang, entries[q].lang)) note(f);
  }
  const known = new Set<number>();
  candidates.forEach((q, i) => held.has(q) && known.add(i + 1));
  const found = known.size === candidates.length ? new Map() : deciders(nfasOf([e, ...candidates.map((q) => entries[q])], opts), opts.cache.facts, opts.deadline, known);
  const out: Decider[] = [];
  candidates.forEach((q, i) => {
    const w = held.get(q);
    const ws = found.get(i + 1);
    if (w) out.push(decider(entries, q, w));
    else if (ws) out.push(decider(entries, q, wordFromSet(ws, opts.preferred)));
  });
  return out;
}
