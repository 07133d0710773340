import type { LintContext } from '../dialect';
import { finding, type Finding } from '../../model';
import { isUniversal } from '../../patterns/wildcard';
import { criticalPromptFindings } from './critical-prompt';
import { literalGlobFindings } from './literal-glob';
import { selectRule } from './decide';
import { evaluateOmp } from './evaluate';
import { exactFindingsOmp, narrowDenyFindingsOmp, runsAnythingFindingsOmp } from './runs-anything';
import { shadowFindings } from './shadow';
import type { OmpRequest, OmpRule, OmpRuleSet } from './rules';

/** Stored requests named in a catch-all finding; more would drown the message. */
export const MAX_CITED_REQUESTS = 5;

function droppedFindings(rs: OmpRuleSet): Finding[] {
  return rs.dropped.map((d) => {
    const ask = d.approval === 'ask';
    return finding('never-matches', 'warning', `the agent ignores bash.patterns entry ${d.entryIndex + 1}: ${d.reason}${ask ? ' — "ask" is not an omp value; write "prompt"' : ''}`, d.range, {
      unnecessary: true,
      data: { entry: d.entryIndex, ...(ask ? { replacement: 'prompt' } : {}) },
    });
  });
}

function isOmpRequest(v: unknown): v is OmpRequest {
  return typeof v === 'object' && v !== null && typeof (v as OmpRequest).command === 'string';
}

/** Plain commands a catch-all allow is tried on for its witness: consequential, but not critical. */
const ALLOW_WITNESSES: readonly string[] = ['git push --force origin main', 'curl -o install.sh https://example.com/install.sh', 'make deploy', 'npm publish'];

/** A command the evaluator really allows through this rule, or undefined. */
function allowWitness(rs: OmpRuleSet, r: OmpRule): string | undefined {
  return ALLOW_WITNESSES.find((c) => {
    try {
      const v = evaluateOmp(rs, { command: c });
      return v.decision === 'allow' && v.rule?.index === r.index;
    } catch {
      return false;
    }
  });
}

function catchAllFindings(rs: OmpRuleSet, ctx: LintContext): Finding[] {
  const out: Finding[] = [];
  const last = rs.rules.length - 1;
  for (const r of rs.rules) {
    if (!isUniversal(r.pattern)) continue;
    const later = rs.rules.slice(r.index + 1);
    if (r.native !== 'allow' && r.index === last) continue;
    const decided = (ctx.requests ?? [])
      .filter((q) => isOmpRequest(q.request) && (q.request.tool ?? 'bash') === 'bash' && selectRule(rs.rules, q.request.command).selected?.index === r.index)
      .map((q) => q.name);
    const cites = decided.length ? ` It is the selected rule for stored request${decided.length === 1 ? '' : 's'} ${decided.slice(0, MAX_CITED_REQUESTS).map((n) => `"${n}"`).join(', ')}${decided.length > MAX_CITED_REQUESTS ? ` and ${decided.length - MAX_CITED_REQUESTS} more` : ''}.` : '';
    const what =
      r.native === 'allow'
        ? `"*" allow approves every command without shell control${later.length ? `; the ${later.length} later rule${later.length === 1 ? '' : 's'} decide only compound or quoted command lines` : ''}`
        : `"*" ${r.native} is not last: it applies to every command, so the ${later.length} later rule${later.length === 1 ? ' is' : 's are'} never selected`;
    out.push(finding('broad-catch-all', 'warning', `${what}.${cites}`, r.range, {
      related: later.slice(0, MAX_CITED_REQUESTS).map((o) => ({ range: o.range, message: `rule ${o.index + 1}: ${o.label} (overridden)` })),
      witness: r.native === 'allow' ? allowWitness(rs, r) : undefined,
      data: { rule: r.index, overrides: later.map((o) => o.index), requests: decided },
    }));
  }
  return out;
}

/**
 * Every omp lint: dropped entries, catch-alls, exact patterns, allows that run anything, glob
 * syntax read literally, prompt rules that critical commands slip past in yolo, and shadowed or
 * dead denies.
 * @example lintOmp(parseOmp(file)).map((f) => f.code) // ['never-matches', 'shadowed-deny']
 */
export function lintOmp(rs: OmpRuleSet, ctx: LintContext = {}): Finding[] {
  return [
    ...droppedFindings(rs),
    ...catchAllFindings(rs, ctx),
    ...exactFindingsOmp(rs),
    ...runsAnythingFindingsOmp(rs),
    ...narrowDenyFindingsOmp(rs),
    ...literalGlobFindings(rs),
    ...criticalPromptFindings(rs),
    ...shadowFindings(rs, ctx.deadline),
  ];
}
