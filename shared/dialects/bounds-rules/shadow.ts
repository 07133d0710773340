import { finding, type Finding } from '../../model';
import { judgeStep } from './evaluate';
import type { BoundsRule, BoundsRuleSet, Capability, IfPath, NumberedStep, Step } from './types';

/** The time every witness step is stamped with; fixed so witnesses are reproducible. */
export const WITNESS_TIME = '2026-01-01T00:00:00Z';
const WITNESS_TASK = 'witness';

type Check = { kind: 'steps'; n: number } | { kind: 'repeats'; n: number } | { kind: 'path'; cond: IfPath };

function checksOf(r: BoundsRule): Check[] {
  const out: Check[] = [];
  if (r.maxSteps !== undefined) out.push({ kind: 'steps', n: r.maxSteps });
  if (r.maxRepeats !== undefined) out.push({ kind: 'repeats', n: r.maxRepeats });
  if (r.ifPath) out.push({ kind: 'path', cond: r.ifPath });
  return out;
}

/** Every step matching `b` inside its window also matches `a` inside its window. */
function weakerPath(a: IfPath, b: IfPath): boolean {
  if (a.trust !== undefined && a.trust !== b.trust) return false;
  if (a.capability !== undefined && a.capability !== b.capability) return false;
  if (a.subject !== undefined && a.subject !== b.subject) return false;
  if (a.sameArguments && !b.sameArguments) return false;
  if (a.withinMinutes === undefined) return true;
  return b.withinMinutes !== undefined && a.withinMinutes >= b.withinMinutes;
}

/** An if_path every earlier step matches, whatever its fields and age (`sameArgs`: the step repeats the proposal's arguments). */
function matchesAnyStep(p: IfPath, sameArgs: boolean): boolean {
  return p.trust === undefined && p.capability === undefined && p.subject === undefined && p.withinMinutes === undefined && (!p.sameArguments || sameArgs);
}

/**
 * Whether `a` refuses every proposal (with a capability both deny) on which check `c` of a later
 * rule would refuse. Only implications that hold for every history are used.
 */
function covers(a: BoundsRule, c: Check): boolean {
  switch (c.kind) {
    case 'steps':
      // Ceilings are at least 1, so the history is never empty here: an if_path that any step matches fires.
      return (a.maxSteps !== undefined && a.maxSteps <= c.n) || (a.ifPath !== undefined && matchesAnyStep(a.ifPath, false));
    case 'repeats':
      // The identical calls are part of the history, so a step ceiling at or below the count fires
      // too, and so does an if_path any of them matches (they carry the proposal's args_hash).
      return (a.maxRepeats !== undefined && a.maxRepeats <= c.n) || (a.maxSteps !== undefined && a.maxSteps <= c.n) || (a.ifPath !== undefined && matchesAnyStep(a.ifPath, true));
    case 'path':
      // A path match needs a non-empty history, which a ceiling of one step already refuses.
      return a.maxSteps === 1 || (a.ifPath !== undefined && weakerPath(a.ifPath, c.cond));
  }
}

function step(n: number, s: Partial<Step>): NumberedStep {
  return { step: n, action: 'example.call', subject: 'example', task: WITNESS_TASK, capability: 'read', at: WITNESS_TIME, ...s };
}

/** A concrete history and proposal on which check `c` refuses a proposal of capability `cap`. */
function witnessFor(c: Check, cap: Capability): { history: NumberedStep[]; proposal: Step } {
  const proposal: Step = { action: 'example.proposal', subject: 'target', task: WITNESS_TASK, capability: cap, at: WITNESS_TIME };
  if (c.kind === 'steps') return { history: Array.from({ length: c.n }, (_, i) => step(i + 1, { subject: `example-${i + 1}` })), proposal };
  if (c.kind === 'repeats') {
    const history = Array.from({ length: c.n }, (_, i) => step(i + 1, { subject: 'target', args_hash: 'h1' }));
    return { history, proposal: { ...proposal, args_hash: 'h1' } };
  }
  const s = step(1, { trust: c.cond.trust ?? 'untrusted', capability: c.cond.capability ?? 'read', subject: c.cond.subject ?? 'example', ...(c.cond.sameArguments ? { args_hash: 'h1' } : {}) });
  return { history: [s], proposal: c.cond.sameArguments ? { ...proposal, args_hash: 'h1' } : proposal };
}

/**
 * `shadowed-deny` for path rules: a rule none of whose refusals can ever be reported, because for
 * each capability it denies and each of its checks an earlier rule denying that capability provably
 * fires first. Conservative: only implications true for every history are claimed, and the witness
 * is re-judged before the finding is made.
 * @example shadowedDenyFindings(parseBoundsRules(file))[0]?.witness // '{"history":[…],"proposal":{…}}'
 */
export function shadowedDenyFindings(rs: BoundsRuleSet): Finding[] {
  const out: Finding[] = [];
  rs.rules.forEach((b, bi) => {
    const earlier = rs.rules.slice(0, bi);
    const checks = checksOf(b);
    const coverers = new Set<BoundsRule>();
    for (const cap of b.denies) {
      for (const c of checks) {
        const a = earlier.find((r) => r.denies.includes(cap) && covers(r, c));
        if (!a) return;
        coverers.add(a);
      }
    }
    if (!checks.length || !coverers.size) return;
    const w = witnessFor(checks[0], b.denies[0]);
    const alone = judgeStep([b], w.history, w.proposal);
    const all = judgeStep(rs.rules.slice(0, bi + 1), w.history, w.proposal);
    if (alone.native !== 'DENY' || all.rule === null || all.rule.index === b.index) return;
    const names = [...coverers].map((r) => `rule ${r.index + 1} (${r.id})`).join(', ');
    out.push(finding('shadowed-deny', 'warning', `"${b.id}" is never the rule reported: ${names} ${coverers.size === 1 ? 'denies' : 'deny'} ${b.denies.join(', ')} and ${coverers.size === 1 ? 'fires' : 'fire'} first whenever it would (first match wins); e.g. the witness is refused by ${all.rule.id} with ${all.code}`, b.range, {
      unnecessary: true,
      related: [...coverers].map((r) => ({ range: r.range, message: `rule ${r.index + 1} (${r.id}) fires first` })),
      witness: JSON.stringify({ history: w.history.map(({ step: _n, ...s }) => s), proposal: w.proposal }),
      data: { rule: b.index, coveredBy: [...coverers].map((r) => r.index) },
    }));
  });
  return out;
}
