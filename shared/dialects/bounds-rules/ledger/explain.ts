import { formatDecision } from '../refusal';
import type { BoundsRuleSet } from '../types';
import { judgeStep } from '../evaluate';
import { taskHistory } from './judge';
import type { LedgerEntry, LedgerLine } from './types';

export interface Explanation {
  entry: LedgerEntry;
  line: number;
  /** The seed-style one-line outcome. */
  headline: string;
  tainting: LedgerEntry | null;
  advice: string;
  /** Set when the current rules were given: what they decide now, and whether the digest changed. */
  now?: { headline: string; digestChanged: boolean };
}

/**
 * The one-line form of an entry.
 * @example entryHeadline(entry) // '#2 DENY mail.send partner@example.com (PATH_DENIED by step #1 under no-send-after-untrusted-read)'
 */
export function entryHeadline(e: LedgerEntry): string {
  return formatDecision(e.step, e.action, e.subject, e.verdict, e.code, e.rule, e.tainted_by);
}

function describeStep(e: LedgerEntry): string {
  return `#${e.step} ${e.action} ${e.subject} (${[e.trust, e.capability, e.args_hash !== undefined ? `args ${e.args_hash}` : undefined, e.at].filter(Boolean).join(', ')})`;
}

/**
 * What to do about a decision, by its code.
 * @example adviceFor(entry, tainting, rules) // 'step #1 … tainted task job-1; rule no-send-after-untrusted-read …'
 */
export function adviceFor(e: LedgerEntry, tainting: LedgerEntry | null, rules?: BoundsRuleSet): string {
  const rule = rules?.rules.find((r) => r.id === e.rule);
  switch (e.code) {
    case 'PATH_DENIED': {
      const window = rule?.ifPath ? (rule.ifPath.withinMinutes !== undefined ? ` for ${rule.ifPath.withinMinutes} minutes after it` : ' for the rest of the task (the rule has no window)') : '';
      return `step ${tainting ? describeStep(tainting) : `#${e.tainted_by}`} tainted task ${e.task}; rule ${e.rule} refuses ${e.capability}${window}. Run the ${e.capability} in a separate task that never saw that step, or narrow the rule (trust, subject, within_minutes) if the step was harmless.`;
    }
    case 'STEP_LIMIT':
      return `task ${e.task} reached the step ceiling of rule ${e.rule}${rule?.maxSteps !== undefined ? ` (max_steps ${rule.maxSteps})` : ''}: split the work into smaller tasks, or raise max_steps if this task legitimately needs more steps.`;
    case 'REPEAT_LIMIT':
      return `the same call (${e.subject}, args_hash ${e.args_hash ?? '?'}) was already made${tainting ? ` starting at step #${tainting.step}` : ''}${rule?.maxRepeats !== undefined ? ` — max_repeats ${rule.maxRepeats}` : ''}: change the call (other arguments or another approach) instead of retrying it.`;
    case 'PATH_SCOPE_DENIED':
      return `the path is outside the file scope of paths.json (${e.rule ?? 'no allow glob, or it escapes the root'}): use a path inside the allowed globs, or widen paths.json deliberately.`;
    case 'PATH_REQUIRED':
      return 'the file tool was called without its path argument: pass the path the tool is configured to read.';
    case 'SHELL_SCOPE_DENIED':
      return `the command names a path paths.json denies (${e.rule ?? 'or runs outside the root'}); the shell scan is best effort, so rewrite the command to stay inside the scope.`;
    default:
      return e.verdict === 'ALLOW' ? 'allowed: no rule refused this step.' : `refused with ${e.code ?? 'no code'}${e.rule ? ` under ${e.rule}` : ''}.`;
  }
}

/**
 * One ledger entry in full: verdict, rule, tainting step, advice by code; with the current rules,
 * also what they decide now for the same history.
 * @example explainEntry(ledger.entries, 2, rules)?.tainting?.step // 1
 */
export function explainEntry(entries: readonly LedgerLine[], step: number, rules?: BoundsRuleSet): Explanation | undefined {
  const at = entries.findIndex((x) => x.entry.step === step);
  if (at < 0) return undefined;
  const { entry, line } = entries[at];
  const tainting = entry.tainted_by !== null ? entries.find((x) => x.entry.step === entry.tainted_by)?.entry ?? null : null;
  const out: Explanation = { entry, line, headline: entryHeadline(entry), tainting, advice: adviceFor(entry, tainting, rules) };
  if (rules) {
    const { args: _a, step: _s, verdict: _v, code: _c, rule: _r, tainted_by: _t, digest: _d, ...proposal } = entry;
    const v = judgeStep(rules.rules, taskHistory(entries, entry.task, at), proposal);
    out.now = {
      headline: formatDecision(entry.step, entry.action, entry.subject, v.native, v.code, v.rule?.id ?? null, typeof v.details.tainted_by === 'number' ? v.details.tainted_by : null),
      digestChanged: rules.digest !== entry.digest,
    };
  }
  return out;
}
