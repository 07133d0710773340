import * as assert from 'assert';
import { judgeStep, parseBoundsRules, shadowedDenyFindings } from '../../../shared/dialects/bounds-rules';
import type { BoundsRule, BoundsRuleSet, NumberedStep, Step } from '../../../shared/dialects/bounds-rules';
import { propertyRuns } from '../../helpers/runs';

/*
 * What `shadowed-deny` promises for bounds-rules (shadow.ts): rule b is claimed only when, for every
 * capability c it denies and every check k it has (max_steps, max_repeats, if_path), one earlier
 * rule that denies c refuses every proposal of capability c on which k alone would refuse. Such a
 * b is never the reported rule. The promise is about single earlier rules per check, not unions.
 *
 * Checked both ways through the real evaluator (judgeStep), by brute force over every history of
 * up to three steps and every proposal in a tiny domain:
 *   - sound: a claimed rule is never `verdict.rule`;
 *   - exact within the promise: a rule never reported, for which every (capability, check) has an
 *     earlier rule the brute force confirms refuses whenever that check alone refuses, is claimed.
 *
 * The domain: rules deny a subset of {read, send}; if_path trust from {internal, untrusted},
 * capability from {read, send}, subject from {s1, s2} (each also absent), same_arguments, and
 * within_minutes from {absent, 0, 1, 2}; max_steps 1–3, max_repeats 1–2. Steps and proposals take
 * two values of each of those fields (one field value that no rule names would behave like one
 * that some rule does not name), args_hash from {absent, h1, h2}, and a step is 0–3 minutes before
 * the proposal: ages 0, 1, 2 sit on each window's edge and 3 is outside them all, so one step can
 * be placed anywhere relative to any window (steps of the same or the next minute are the common
 * case; a lone old step is what tells two windows apart). Three steps reach every ceiling.
 *
 * Two reductions keep the brute force within seconds, neither losing a history: a field no rule
 * of the set reads takes one value (the evaluator only compares fields a rule names; subject and
 * args_hash are read by max_repeats too), and a history is enumerated once per multiset of
 * (step, age) — which rule refuses does not depend on the order of steps, only tainted_by does.
 */

const CAPS = ['read', 'send'] as const;
const TRUSTS = ['internal', 'untrusted'] as const;
const SUBJECTS = ['s1', 's2'] as const;
const HASHES = [undefined, 'h1', 'h2'] as const;
const WINDOWS = [undefined, 0, 1, 2] as const;
const T = Date.parse('2026-01-01T12:00:00Z');
const minutesBefore = (m: number) => new Date(T - m * 60_000).toISOString();

type Json = Record<string, unknown>;

/** Deterministic pseudo-random numbers, so a failure names a reproducible case. */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <X>(r: () => number, xs: readonly X[]): X => xs[Math.floor(r() * xs.length)];

/** The fields a rule set may read; each random set reads at most three, which keeps its brute force small. */
const FEATURES = ['trust', 'capability', 'subject', 'arguments', 'time'] as const;
type Feature = (typeof FEATURES)[number];

function randomFeatures(r: () => number): Set<Feature> {
  const pool = [...FEATURES];
  const out = new Set<Feature>();
  while (out.size < 3) out.add(pool.splice(Math.floor(r() * pool.length), 1)[0]);
  return out;
}

function randomRule(r: () => number, id: string, f: Set<Feature>): Json {
  const denies = pick(r, [['read'], ['send'], ['read', 'send']]);
  const rule: Json = { id, deny: { capabilities: denies } };
  if (r() < 0.6) {
    const p: Json = {};
    const trust = f.has('trust') ? pick(r, [undefined, ...TRUSTS]) : undefined;
    const capability = f.has('capability') ? pick(r, [undefined, ...CAPS]) : undefined;
    const subject = f.has('subject') ? pick(r, [undefined, ...SUBJECTS]) : undefined;
    const within = f.has('time') ? pick(r, WINDOWS) : undefined;
    if (trust) p.trust = trust;
    if (capability) p.capability = capability;
    if (subject) p.subject = subject;
    if (f.has('arguments') && r() < 0.4) p.same_arguments = true;
    if (within !== undefined) p.within_minutes = within;
    rule.if_path = p;
  }
  if (r() < 0.45) rule.max_steps = pick(r, [1, 2, 3]);
  // A repeat is the same subject with the same arguments: both fields must be in play.
  if (f.has('subject') && f.has('arguments') && r() < 0.5) rule.max_repeats = pick(r, [1, 2]);
  if (!rule.if_path && rule.max_steps === undefined && rule.max_repeats === undefined) rule.max_steps = pick(r, [1, 2, 3]);
  return rule;
}

function parse(rules: Json[]): BoundsRuleSet {
  const rs = parseBoundsRules({ path: '/p/.attesso/rules.json', text: JSON.stringify({ version: 1, rules }) });
  assert.deepStrictEqual(rs.findings.filter((f) => f.severity === 'error'), [], JSON.stringify(rules));
  return rs;
}

interface Domain {
  histories: NumberedStep[][];
  proposals: Step[];
}

/** Every history of up to three steps and every proposal, over the fields this rule set reads. */
function domainOf(rules: readonly BoundsRule[]): Domain {
  const paths = rules.flatMap((x) => (x.ifPath ? [x.ifPath] : []));
  const repeats = rules.some((x) => x.maxRepeats !== undefined);
  const trusts = paths.some((p) => p.trust) ? TRUSTS : [TRUSTS[0]];
  const caps = paths.some((p) => p.capability) ? CAPS : [CAPS[0]];
  const subjects = repeats || paths.some((p) => p.subject) ? SUBJECTS : [SUBJECTS[0]];
  const hashes = repeats || paths.some((p) => p.sameArguments) ? HASHES : [undefined];
  const ages = paths.some((p) => p.withinMinutes !== undefined) ? [0, 1, 2, 3] : [0];
  const steps: Omit<NumberedStep, 'step'>[] = [];
  for (const trust of trusts)
    for (const capability of caps)
      for (const subject of subjects)
        for (const h of hashes)
          for (const age of ages) steps.push({ action: 'call', task: 't', trust, capability, subject, ...(h ? { args_hash: h } : {}), at: minutesBefore(age) });
  const histories: NumberedStep[][] = [[]];
  const number = (xs: Omit<NumberedStep, 'step'>[]) => [...xs].sort((a, b) => a.at!.localeCompare(b.at!)).map((s, i) => ({ ...s, step: i + 1 }));
  for (let i = 0; i < steps.length; i++) {
    histories.push(number([steps[i]]));
    for (let j = i; j < steps.length; j++) {
      histories.push(number([steps[i], steps[j]]));
      for (let k = j; k < steps.length; k++) histories.push(number([steps[i], steps[j], steps[k]]));
    }
  }
  const proposals: Step[] = [];
  for (const capability of CAPS)
    for (const subject of subjects)
      for (const h of hashes) proposals.push({ action: 'propose', task: 't', capability, subject, ...(h ? { args_hash: h } : {}), at: minutesBefore(0) });
  return { histories, proposals };
}

/** Each check of a rule as a rule of its own, denying one capability. */
function singleChecks(rule: Json, cap: string): Json[] {
  const base = { id: 'check', deny: { capabilities: [cap] } };
  const out: Json[] = [];
  if (rule.max_steps !== undefined) out.push({ ...base, max_steps: rule.max_steps });
  if (rule.max_repeats !== undefined) out.push({ ...base, max_repeats: rule.max_repeats });
  if (rule.if_path !== undefined) out.push({ ...base, if_path: rule.if_path });
  return out;
}

const refuses = (rules: readonly BoundsRule[], h: NumberedStep[], p: Step) => judgeStep(rules, h, p).rule !== null;

/** Whether `a` refuses every proposal of capability `cap` that check rule `k` alone refuses. */
function implied(k: BoundsRule, a: BoundsRule, cap: string, d: Domain): boolean {
  for (const p of d.proposals) {
    if (p.capability !== cap) continue;
    for (const h of d.histories) if (refuses([k], h, p) && !refuses([a], h, p)) return false;
  }
  return true;
}

/** The promise's criterion, confirmed by brute force: each (capability, check) has one earlier rule refusing whenever it would. */
function criterionHolds(json: Json[], rs: BoundsRuleSet, b: number, d: Domain): boolean {
  const caps = (json[b].deny as { capabilities: string[] }).capabilities;
  return caps.every((cap) =>
    singleChecks(json[b], cap).every((check) => {
      const [k] = parse([check]).rules;
      return rs.rules.slice(0, b).some((a) => a.denies.includes(cap as never) && implied(k, a, cap, d));
    }),
  );
}

interface Tally {
  sets: number;
  claims: number;
  unreported: number;
}

function checkExact(json: Json[], tally: Tally): void {
  const rs = parse(json);
  const d = domainOf(rs.rules);
  const claimed = new Set(shadowedDenyFindings(rs).map((f) => f.data!.rule as number));
  const reported = new Set<number>();
  for (const p of d.proposals) for (const h of d.histories) {
    const v = judgeStep(rs.rules, h, p);
    if (v.rule) reported.add(v.rule.index);
    if (v.rule && claimed.has(v.rule.index)) assert.fail(`claimed shadowed but reported: rule ${v.rule.index + 1} in ${JSON.stringify(json)} for ${JSON.stringify({ history: h, proposal: p })}`);
  }
  tally.sets++;
  tally.claims += claimed.size;
  rs.rules.forEach((_, b) => {
    if (reported.has(b) || claimed.has(b)) return;
    tally.unreported++;
    assert.ok(!criterionHolds(json, rs, b, d), `rule ${b + 1} is never reported and each of its checks is covered by one earlier rule, but it is not claimed: ${JSON.stringify(json)}`);
  });
}

/** Random rule sets checked per run: each costs a brute-force enumeration, and this fits a busy two-core machine. */
const RANDOM_SETS = propertyRuns(50);

describe('analysis: bounds-rules shadowed-deny is exact', function () {

  it('hand-picked coverings: ceilings, repeats, windows, same_arguments, an unconditional if_path', () => {
    const tally: Tally = { sets: 0, claims: 0, unreported: 0 };
    const cases: Json[][] = [
      [{ id: 'a', deny: { capabilities: ['send'] }, max_steps: 2 }, { id: 'b', deny: { capabilities: ['send'] }, max_steps: 3 }],
      [{ id: 'a', deny: { capabilities: ['send'] }, max_steps: 2 }, { id: 'b', deny: { capabilities: ['send'] }, max_repeats: 2 }],
      [{ id: 'a', deny: { capabilities: ['send'] }, if_path: { trust: 'untrusted', within_minutes: 2 } }, { id: 'b', deny: { capabilities: ['send'] }, if_path: { trust: 'untrusted', capability: 'read', within_minutes: 1 } }],
      [{ id: 'a', deny: { capabilities: ['send'] }, if_path: { within_minutes: 1 } }, { id: 'b', deny: { capabilities: ['send'] }, if_path: { within_minutes: 2 } }],
      [{ id: 'a', deny: { capabilities: ['read', 'send'] }, max_steps: 1 }, { id: 'b', deny: { capabilities: ['send'] }, if_path: { subject: 's1', same_arguments: true } }],
      [{ id: 'a', deny: { capabilities: ['send'] }, if_path: {} }, { id: 'b', deny: { capabilities: ['send'] }, max_steps: 2 }],
      [{ id: 'a', deny: { capabilities: ['send'] }, if_path: { same_arguments: true } }, { id: 'b', deny: { capabilities: ['send'] }, max_repeats: 1 }],
      [{ id: 'a', deny: { capabilities: ['send'] }, if_path: { subject: 's1', same_arguments: true } }, { id: 'b', deny: { capabilities: ['send'] }, max_repeats: 1 }],
      [{ id: 'a', deny: { capabilities: ['send'] }, max_steps: 3 }, { id: 'b', deny: { capabilities: ['read'] }, max_steps: 3 }, { id: 'c', deny: { capabilities: ['read', 'send'] }, max_steps: 3 }],
    ];
    for (const c of cases) checkExact(c, tally);
    assert.ok(tally.claims >= 6, `claims made: ${tally.claims}`);
  });

  it('random rule sets of two or three rules', () => {
    const r = rng(20260101);
    const tally: Tally = { sets: 0, claims: 0, unreported: 0 };
    for (let n = 0; n < RANDOM_SETS; n++) {
      const size = r() < 0.5 ? 2 : 3;
      const features = randomFeatures(r);
      const json = Array.from({ length: size }, (_, i) => randomRule(r, `r${i + 1}`, features));
      checkExact(json, tally);
    }
    // No wall-clock assertion: on a shared machine it measures the load, not the analysis (speed lives in `npm run bench`).
    assert.ok(tally.claims > 0, JSON.stringify(tally));
  });
});
