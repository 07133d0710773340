import type { Decision, EvalContext, RuleRef, RuleSet, Verdict } from '../model';
import { BudgetExceeded, Deadline } from '../analysis/budget';
import { PATTERN_LIMITS } from '../analysis/classes';
import type { WitnessOptions, WitnessResult, WitnessSearch } from '../dialects/dialect';
import { direction, sortFlips, type Flip } from './flips';

/**
 * The witness search shared by the dialects whose rules are not searched on automata alone: each
 * dialect proposes candidate requests (the rules' own words, a table of realistic commands, one
 * request per class of its patterns), and every candidate is decided by the dialect's real
 * evaluator under both versions. Only a candidate decided differently becomes a flip, so every
 * flip is real; which flips are found depends on the candidates, which is why each dialect's
 * proposals are tested against an exhaustive enumeration on small alphabets.
 */

/** One request to try, with the kind of request it is (a tool, a mode): flips are told apart per kind. */
export interface Candidate<Q> {
  request: Q;
  group: string;
}

/**
 * Each request once (the first time it comes, compared as JSON), as a candidate of its group.
 * @example [...uniqueCandidates([{ tool: 'Bash' }, { tool: 'Bash' }], (q) => q.tool)].length // 1
 */
export function* uniqueCandidates<Q>(requests: Iterable<Q>, group: (q: Q) => string): Generator<Candidate<Q>> {
  const seen = new Set<string>();
  for (const request of requests) {
    const key = JSON.stringify(request);
    if (seen.has(key)) continue;
    seen.add(key);
    yield { request, group: group(request) };
  }
}

/** A named family of candidates ("Bash commands"), produced lazily, most readable first. */
export interface SearchArea<Q> {
  name: string;
  candidates(): Iterable<Candidate<Q>>;
}

/** What a dialect gives the shared search: its candidates and how it decides and names a request. */
export interface SearchSpec<RS extends RuleSet, Q> {
  base: RS;
  current: RS;
  areas: readonly SearchArea<Q>[];
  /** The verdicts of one request under the base and the current version (a dialect may share work between them). */
  decide(request: Q): [Verdict, Verdict];
  /** How a flip names its request (`Bash: git push origin main`). */
  describe(request: Q): string;
  /** The part of the request that flipped (the command, the path), or null for the request as a whole. */
  subject(request: Q): string | null;
  /** Stored flips: a witness showing one of them again is marked, not counted twice. */
  known: readonly Flip[];
  deadline: Deadline;
  /** What the dialect already knows it cannot search (reported with the search's own gaps). */
  unsearched?: string[];
  notes?: string[];
}

/** Candidates looked at per slice (the clock is read at each, and samples itself). */
export const SLICE_CANDIDATES = 16;
/** Distinct flips listed per kind of request; past it the search says the list is cut. */
export const MAX_FLIPS_PER_GROUP = 50;

/**
 * The flips between two versions, found by deciding each candidate under both, in slices: the
 * generator yields after every `SLICE_CANDIDATES` candidates and returns the result. One flip per
 * class — kind of request, decisions before and after, and the rules that decided them — with the
 * first (most readable) candidate of the class as its witness. Past the deadline the areas not
 * finished are listed in `unsearched`.
 * @example const r = runSlices(searchSlices(spec)); r.flips[0].request // 'Bash: git push origin main'
 */
export function* searchSlices<RS extends RuleSet, Q>(spec: SearchSpec<RS, Q>): Generator<void, WitnessResult, void> {
  const unsearched: string[] = [];
  const tried = new Set<string>();
  const classes = new Map<string, Flip>();
  const perGroup = new Map<string, number>();
  const cut = new Set<string>();
  let count = 0;
  let since = 0;
  for (let a = 0; a < spec.areas.length; a++) {
    const area = spec.areas[a];
    try {
      for (const c of area.candidates()) {
        if (++since > SLICE_CANDIDATES) {
          since = 1;
          yield;
        }
        spec.deadline.check();
        const key = `${c.group}\u0000${spec.describe(c.request)}`;
        if (tried.has(key)) continue;
        tried.add(key);
        count++;
        const [vb, vc] = spec.decide(c.request);
        if (vb.decision === vc.decision) continue;
        const cls = classKey(c.group, vb.decision, vc.decision, vb.rule, vc.rule);
        if (classes.has(cls)) continue;
        const n = perGroup.get(c.group) ?? 0;
        if (n >= MAX_FLIPS_PER_GROUP) {
          cut.add(c.group);
          continue;
        }
        perGroup.set(c.group, n + 1);
        classes.set(cls, toFlip(spec, c.request, vb, vc));
      }
    } catch (e) {
      if (!(e instanceof BudgetExceeded)) throw e;
      const done = `${reasonText(e)} after ${count} request${count === 1 ? '' : 's'} decided under both versions`;
      // A state limit stops one area's patterns; the clock and the memory are spent for all of them.
      if (e.reason === 'states' || e.reason === 'pattern') {
        unsearched.push(`${area.name}: ${done}`);
        continue;
      }
      unsearched.push(`${spec.areas.slice(a).map((x) => x.name).join(', ')}: ${done}`);
      break;
    }
  }
  for (const g of cut) unsearched.push(`${g}: more than ${MAX_FLIPS_PER_GROUP} kinds of flip; only the first ${MAX_FLIPS_PER_GROUP} are listed and counted`);
  // A dialect's own gaps may be found while its candidates are listed: read them at the end.
  return { flips: sortFlips([...classes.values()]), notes: [...(spec.notes ?? [])], unsearched: [...new Set([...(spec.unsearched ?? []), ...unsearched])] };
}

/**
 * Runs a sliced search to its end.
 * @example runSlices(searchSlices(spec)).flips.length
 */
export function runSlices<T>(gen: Generator<void, T, void>): T {
  for (;;) {
    const r = gen.next();
    if (r.done) return r.value;
  }
}

function classKey(group: string, before: Decision, after: Decision, br: RuleRef | null, ar: RuleRef | null): string {
  return `${group}\u0000${before}>${after}\u0000${br?.index ?? -1}\u0000${ar?.index ?? -1}`;
}

function toFlip<RS extends RuleSet, Q>(spec: SearchSpec<RS, Q>, request: Q, vb: Verdict, vc: Verdict): Flip {
  const after = vc.rule ? spec.current.rules.find((r) => r.index === vc.rule!.index) : undefined;
  // A rule of another file of the policy has its range in that file: no place in this one.
  const file = (after as { file?: unknown } | undefined)?.file;
  const here = after !== undefined && (file === undefined || file === spec.current.path) && after.layer === undefined;
  const covered = shownBy(spec.known, vb, vc);
  return {
    kind: 'witness',
    request: spec.describe(request),
    subject: spec.subject(request),
    before: vb.decision,
    after: vc.decision,
    beforeRule: vb.rule,
    afterRule: vc.rule,
    ...(here && after ? { afterRange: after.range } : {}),
    direction: direction(vb.decision, vc.decision),
    witness: request,
    ...(covered !== undefined ? { coveredBy: covered } : {}),
  };
}

/** A stored request flipping the same way by the same rules shows this very flip. */
function shownBy(known: readonly Flip[], vb: Verdict, vc: Verdict): string | undefined {
  if (!vb.rule && !vc.rule) return undefined;
  const same = (x: RuleRef | null, y: RuleRef | null) => (x === null ? y === null : y !== null && x.index === y.index && x.label === y.label);
  return known.find((f) => f.subject === null && f.before === vb.decision && f.after === vc.decision && same(f.beforeRule, vb.rule) && same(f.afterRule, vc.rule))?.request;
}

function reasonText(e: BudgetExceeded): string {
  return e.reason === 'time' ? 'the time limit stopped the search' : e.reason === 'memory' ? 'the memory limit stopped the search' : e.reason === 'states' ? 'the automaton state limit stopped the search' : `a pattern too large to analyse (${PATTERN_LIMITS}) stopped the search`;
}

/**
 * A dialect's `WitnessSearch` from a function building its spec: `flips` runs the slices to the end.
 * @example export const claudeWitnesses = sliced(claudeSearchSpec)
 */
export function sliced<RS extends RuleSet, Q>(spec: (base: RS, current: RS, known: readonly Flip[], deadline: Deadline, ctx: EvalContext) => SearchSpec<RS, Q>): Required<WitnessSearch<RS>> {
  const slices = (base: RS, current: RS, known: Flip[], options: WitnessOptions = {}) => searchSlices(spec(base, current, known, options.deadline ?? new Deadline(), options.ctx ?? {}));
  return { slices, flips: (base, current, known, options) => runSlices(slices(base, current, known, options)) };
}
