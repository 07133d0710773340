import { broaderCommands, exactHeadline, probesFor, runsAnythingFindings, spellings, strongestProbe, type Claim, type RunsAnythingHit, type Writable } from '../../programs';
import { clipText, finding, type Finding } from '../../model';
import { isExact, matches } from '../../patterns/wildcard';
import { normalizeWhitespace } from './pattern';
import { selectRule } from './decide';
import { evaluateOmp } from './evaluate';
import type { OmpRequest, OmpRule, OmpRuleSet } from './rules';

/** The agent's decision for a command, and the rule it names. */
function decide(rs: OmpRuleSet, req: OmpRequest): { decision: string; rule: number | null } {
  try {
    const v = evaluateOmp(rs, req);
    return { decision: v.decision, rule: v.rule?.index ?? null };
  } catch {
    return { decision: 'deny', rule: null };
  }
}

const label = (r: OmpRule) => `"${clipText(r.match, 44)}"`;

/** Whether the agent runs its write tool without asking (the mode's tier for writes). */
function writable(rs: OmpRuleSet, file: string): Writable {
  const req: OmpRequest = { tool: 'write', command: file };
  const d = decide(rs, req).decision;
  return d === 'allow'
    ? { allowed: true, note: `the agent writes ${file} without asking (its mode runs writes)`, claim: { request: req, decision: 'allow' } }
    : { allowed: false, note: `writing ${file} is ${d === 'deny' ? 'denied' : 'asked first'}, so this needs that permission too` };
}

/**
 * An allow's strongest knowledge-base witness: the rule is the one the agent selects for it, and
 * the agent allows it (an omp allow never applies to a command with shell control, so only plain
 * witnesses can prove it).
 * @example runsAnythingHit(rs, rule('bash *'))?.probe.command // 'bash -c id'
 */
export function runsAnythingHit(rs: OmpRuleSet, r: OmpRule): RunsAnythingHit | undefined {
  if (r.native !== 'allow' || !r.match.includes('*')) return undefined;
  const allowed = (command: string) => decide(rs, { command }).decision === 'allow';
  // The rule's own matcher first: selection walks every rule, and most proposals are not this rule's.
  const admitted = probesFor(r.match, '', { questionMark: false }).filter((p) => matches(r.matcher, normalizeWhitespace(p.command)) && selectRule(rs.rules, p.command).selected === r && allowed(p.command) && p.followUp.every(allowed));
  const best = strongestProbe(admitted, (p) => writable(rs, p.capability.writes!));
  if (!best) return undefined;
  const claims: Claim[] = [best.probe.command, ...best.probe.followUp].map((command) => ({ request: { command }, decision: 'allow' }));
  return { label: label(r), range: r.matchRange, probe: best.probe, also: best.also, ...(best.writable ? { writable: best.writable } : {}), claims, data: { rule: r.index } };
}

/** `allow-runs-anything` for omp: one finding per root cause. */
export function runsAnythingFindingsOmp(rs: OmpRuleSet): Finding[] {
  return runsAnythingFindings(rs.rules.map((r) => runsAnythingHit(rs, r)).filter((h): h is RunsAnythingHit => h !== undefined));
}

/**
 * `exact-command-pattern` for omp: a deny or prompt without a wildcard decides only that exact
 * command or segment; reported when the command with arguments gets a laxer decision from the agent.
 */
export function exactFindingsOmp(rs: OmpRuleSet): Finding[] {
  const out: Finding[] = [];
  for (const r of rs.rules) {
    if (r.native === 'allow' || !isExact(r.pattern) || r.match === '') continue;
    const effect = r.native === 'deny' ? 'deny' : 'ask';
    // A rule that does not decide even its own command has another root cause (shadowed, overridden).
    if (decide(rs, { command: r.match }).decision !== effect) continue;
    for (const witness of broaderCommands(r.match)) {
      const got = decide(rs, { command: witness }).decision;
      if (effect === 'deny' ? got === 'deny' : got !== 'allow') continue;
      out.push(finding('exact-command-pattern', 'warning', exactHeadline(witness, got, effect, label(r), `"${r.match} *"`), r.matchRange, {
        witness,
        data: { rule: r.index, replacement: `${r.match} *`, claims: [{ request: { command: witness }, decision: got }] },
      }));
      break;
    }
  }
  return out;
}

/** `deny-narrower-than-it-looks` for omp: the deny's command spelled another way gets past it. */
export function narrowDenyFindingsOmp(rs: OmpRuleSet): Finding[] {
  const out: Finding[] = [];
  for (const r of rs.rules) {
    if (r.native !== 'deny') continue;
    const subject = r.match.replace(/(\S)\*$/, '$1').replace(/ \*$/, ' x').replace(/\*/g, 'x');
    if (!/^[\w./~@+=:-]+(?: [\w./~@+=:-]+)*$/.test(subject)) continue;
    const self = decide(rs, { command: subject });
    if (self.decision !== 'deny' || self.rule !== r.index) continue;
    const dodges = spellings(subject).map((s) => ({ ...s, got: decide(rs, { command: s.command }).decision })).filter((s) => s.got !== 'deny');
    if (!dodges.length) continue;
    const [w] = dodges;
    const everyday = dodges.some((d) => d.kind === 'flags' || d.kind === 'long');
    const more = dodges.length > 1 ? ` (and ${dodges.length - 1} more spelling${dodges.length > 2 ? 's' : ''})` : '';
    out.push(finding('deny-narrower-than-it-looks', everyday ? 'warning' : 'information', `\`${w.command}\` ${w.got === 'allow' ? 'is allowed' : 'is asked, not denied'}${more}: ${label(r)} denies \`${subject}\`, the same command`, r.matchRange, {
      related: dodges.slice(1).map((d) => ({ range: r.matchRange, message: `\`${d.command}\` is ${d.got === 'allow' ? 'allowed' : 'asked'} too` })),
      witness: w.command,
      data: { rule: r.index, dodges: dodges.map((d) => d.command), claims: [{ request: { command: subject }, decision: 'deny' }, ...dodges.map((d) => ({ request: { command: d.command }, notDecision: 'deny' }))] },
    }));
  }
  return out;
}
