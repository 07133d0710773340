import { stricter, type Decision, type Range, type RuleRef } from '../model';
import type { RequestResult } from '../requests/model';
import { outcomesOf } from '../compiled/outcomes';
import { finish, type Steps } from '../analysis/steps';

/** Which way a decision moved: loosened (towards allow) is the security-relevant direction. */
export type FlipDirection = 'loosened' | 'tightened';

/** One decision that differs between the base and the current rules. */
export interface Flip {
  /** `stored`: a stored request; `witness`: found by the analyser on the rule automata; `ledger`: a recorded step. */
  kind: 'stored' | 'witness' | 'ledger';
  request: string;
  /** The stored request's range in its requests file (absent for witnesses). */
  range?: Range;
  /** The resource / sub-command / step that flipped, or null for the request as a whole. */
  subject: string | null;
  before: Decision;
  after: Decision;
  beforeRule: RuleRef | null;
  afterRule: RuleRef | null;
  /** The range of the rule that decides now, in the current rule file (for witnesses). */
  afterRange?: Range;
  direction: FlipDirection;
  /** For witnesses: the request that shows the flip, in the dialect's request form. */
  witness?: unknown;
  /** For witnesses: a stored request that already shows this same flip (not counted twice). */
  coveredBy?: string;
  /** The request's action (OpenCode) when known, so a witness is only covered by a flip of its own action. */
  action?: string;
  /** The request's agent (OpenCode), when it names one. */
  agent?: string;
}

/** @example direction('deny', 'allow') // 'loosened' */
export function direction(before: Decision, after: Decision): FlipDirection {
  return stricter(before, after) === before ? 'loosened' : 'tightened';
}

/**
 * Every stored request whose decision differs between two runs of the same requests (matched by
 * name), with the per-subject flips under it; loosened flips first.
 * @example storedFlips(baseResults, currentResults).filter((f) => f.direction === 'loosened')
 */
export function storedFlips(base: RequestResult[], current: RequestResult[]): Flip[] {
  return finish(storedFlipSteps(base, current));
}

/**
 * `storedFlips` as steps (see `Steps`), a request at a time: a request's outcomes may be read
 * off its trace, which has a row per rule of a large file.
 * @example finish(storedFlipSteps(baseResults, currentResults)).length
 */
export function* storedFlipSteps(base: RequestResult[], current: RequestResult[]): Steps<Flip[]> {
  const byName = namesOf(base);
  const out: Flip[] = [];
  for (const cur of current) {
    yield;
    const old = byName.get(cur.request.name);
    // A result both versions share (the request decided alike, see `rerunRequests`) flips nothing.
    if (old === cur) continue;
    const a = old?.verdict;
    const b = cur.verdict;
    if (!a || !b) continue;
    const who = () => {
      const req = cur.request.request as { action?: unknown; agent?: unknown } | undefined;
      return { ...(typeof req?.action === 'string' ? { action: req.action } : {}), ...(typeof req?.agent === 'string' ? { agent: req.agent } : {}) };
    };
    if (a.decision !== b.decision) {
      out.push({ kind: 'stored', request: cur.request.name, range: cur.request.range, subject: null, before: a.decision, after: b.decision, beforeRule: a.rule, afterRule: b.rule, direction: direction(a.decision, b.decision), ...who() });
    }
    // Outcomes, not traces: a fast path knows them without building a row per rule.
    const oa = outcomesOf(a);
    const ob = outcomesOf(b);
    const n = Math.min(oa.length, ob.length);
    for (let i = 0; i < n; i++) {
      const sa = oa[i];
      const sb = ob[i];
      if (sa.subject !== sb.subject || !sa.decision || !sb.decision || sa.decision === sb.decision) continue;
      const ref = (idx: number | null, label: string) => (idx === null ? null : { index: idx, id: null, label });
      out.push({ kind: 'stored', request: cur.request.name, range: cur.request.range, subject: sb.subject, before: sa.decision, after: sb.decision, beforeRule: ref(sa.controlling, sa.label), afterRule: ref(sb.controlling, sb.label), direction: direction(sa.decision, sb.decision), ...who() });
    }
  }
  return sortFlips(out);
}

/** Base results by request name, per run: the editor compares every keystroke with one run of the base. */
const NAMES = new WeakMap<RequestResult[], { length: number; byName: Map<string, RequestResult> }>();

function namesOf(results: RequestResult[]): Map<string, RequestResult> {
  let m = NAMES.get(results);
  // Results are not edited once run; a list that grew since is indexed again.
  if (!m || m.length !== results.length) NAMES.set(results, (m = { length: results.length, byName: new Map(results.map((r) => [r.request.name, r])) }));
  return m.byName;
}

/** Loosened first, then by request order. */
export function sortFlips(flips: Flip[]): Flip[] {
  return flips
    .map((f, i) => ({ f, i }))
    .sort((x, y) => (x.f.direction === y.f.direction ? x.i - y.i : x.f.direction === 'loosened' ? -1 : 1))
    .map((x) => x.f);
}

/** Request-level counts for budgets: subject lines explain a flip but are not counted twice. */
export function countFlips(flips: Flip[]): { loosened: number; tightened: number } {
  let loosened = 0;
  let tightened = 0;
  for (const f of flips) {
    if (f.subject !== null && f.kind === 'stored') continue;
    if (f.coveredBy !== undefined) continue;
    if (f.direction === 'loosened') loosened++;
    else tightened++;
  }
  return { loosened, tightened };
}
