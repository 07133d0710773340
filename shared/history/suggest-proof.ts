import type { AnyDialect } from '../dialects/dialect';
import type { Decision, EvalContext, RuleSet, Verdict } from '../model';
import { probesFor } from '../programs';
import { judge } from './evaluate';
import type { HistoryEntry } from './types';
import type { SuggestProof } from './suggestion';

/** An observed call with the request it became and what the current rules decided for it. */
export interface Judged {
  entry: HistoryEntry;
  request: unknown;
  before: Decision;
}

export type { SuggestProof } from './suggestion';

/** What differs between agents when a suggestion is proved. */
export interface ProofDialect {
  /** Whether an approved call that now asks was left to ask on purpose (it is listed in `left`). */
  leftOnPurpose(j: Judged, leftSubjects: ReadonlySet<string>): boolean;
  /** How the rule that now allows an observed denial is named. */
  allowedBy(v: Verdict): string;
  /** The command pattern of a suggested wildcard Bash allow (undefined for any other rule). */
  bashWildcard(rule: string): string | undefined;
  /** The agent's request for running a shell command. */
  bashRequest(command: string): unknown;
}

/**
 * Judges every observed call under the suggested rules: approved calls must keep their decision
 * (or be left to ask on purpose), denied calls must not become allowed, and no suggested wildcard
 * allow may admit a runs-anything witness. With `baseline` (the current rules; a suggestion scoped
 * to one rule) a denial or witness counts only when the baseline did not allow it already: the
 * scoped rewrite is judged on what it changes.
 * @example proveSuggestion(claude, next, judged, rules, left, ctx, claudeProof).deniedAllowed // []
 */
export function proveSuggestion(
  dialect: AnyDialect,
  next: RuleSet,
  judged: readonly Judged[],
  rules: ReadonlyArray<{ tier: 'allow' | 'deny'; rule: string }>,
  left: ReadonlyArray<{ subject: string }>,
  ctx: EvalContext,
  agent: ProofDialect,
  baseline?: RuleSet,
): SuggestProof {
  const proof: SuggestProof = { approvedKept: 0, approvedLeft: 0, approvedChanged: [], deniedDenied: 0, deniedAsked: 0, deniedAllowed: [], runsAnything: [] };
  const leftSubjects = new Set(left.map((l) => l.subject));
  for (const j of judged) {
    const v = judge(dialect, next, j.request, ctx);
    const outcome = j.entry.call.outcome;
    if (outcome === 'approved') {
      if (v.decision === j.before) proof.approvedKept++;
      else if (v.decision === 'ask' && j.before === 'allow' && agent.leftOnPurpose(j, leftSubjects)) proof.approvedLeft++;
      else proof.approvedChanged.push({ describe: dialect.describeRequest(j.request), before: j.before, after: v.decision });
    } else if (outcome === 'denied') {
      if (v.decision === 'deny') proof.deniedDenied++;
      else if (v.decision === 'ask') proof.deniedAsked++;
      // A scoped rewrite answers for what it changes: a denial the current rules allowed already is another rule's.
      else if (!(baseline && j.before === 'allow')) proof.deniedAllowed.push(`${agent.allowedBy(v)}: ${dialect.describeRequest(j.request)}`);
    }
  }
  for (const r of rules) {
    const pattern = r.tier === 'allow' ? agent.bashWildcard(r.rule) : undefined;
    if (pattern === undefined) continue;
    for (const p of probesFor(pattern)) {
      // Witnesses that first need a file the agent writes (npm run, make -f) are a separate, checked
      // permission; a minor one (uncommitted work lost) is no reason to refuse the suggestion.
      if (p.capability.writes || p.capability.minor) continue;
      const request = agent.bashRequest(p.command);
      if (baseline && judge(dialect, baseline, request, ctx).decision === 'allow') continue;
      if (judge(dialect, next, request, ctx).decision === 'allow') proof.runsAnything.push(`${r.rule}: ${p.command} (${p.capability.consequence})`);
    }
  }
  return proof;
}
