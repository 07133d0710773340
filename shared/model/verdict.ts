import type { Decision } from './decision';
import type { DialectId, RuleSource } from './rule';

/** A reference to the rule that decided, as CLI JSON prints it. */
export interface RuleRef {
  index: number;
  id: string | null;
  label: string;
  /** The number people see when it is not `index + 1` (see `Rule.number`). */
  number?: number;
  /** Where the rule is written and its layer (set when the rule set is one layer of a policy). */
  source?: RuleSource;
}

/** One rule as considered for one subject: which of its parts matched, and what became of it. */
export interface TraceRow {
  rule: number;
  label: string;
  /** The rule's number people see when it is not `rule + 1` (see `Rule.number`). */
  number?: number;
  /** One mark per column of the section: true matched, false did not, null not checked. */
  matches: (boolean | null)[];
  /** Why the rule did or did not apply ("allow skipped: the command has active shell control `&&`"). */
  note?: string;
  /**
   * Where the row's rule is written and its layer. Filled in from the rule set (`withSources`) or,
   * for a row that stands for no rule (an agent's guard: `rule` -1), by the dialect.
   */
  source?: RuleSource;
}

/**
 * Everything considered for one subject: a resource (opencode), a sub-command (claude), a path view,
 * a history step (bounds), the whole command (omp).
 */
export interface TraceSection {
  kind: string;
  subject: string;
  /** Names of the match columns, e.g. ['action', 'resource']. */
  columns: string[];
  rows: TraceRow[];
  /** Index of the rule that controlled this subject, or null when none did. */
  controlling: number | null;
  decision: Decision | null;
  /** The branch of the algorithm reached for this subject ("last match", "no rule matched: default ask"). */
  branch: string;
}

/** The product: how a verdict was reached, rendered by the CLI, the editor and tests alike. */
export interface Trace {
  dialect: DialectId;
  /** The aggregate branch reached ("deny resolved before saved approvals"). */
  branch: string;
  sections: TraceSection[];
  /** Fail-closed assumptions, flagged conditions, caveats. */
  notes: string[];
}

/**
 * A hook the agent runs before deciding (Claude Code's `PreToolUse`): what it answers cannot be
 * known without running it, so the outcome is `hook-dependent` unless a request pins the answer.
 */
export interface HookRef {
  /** The command as configured (`./guard.sh`). */
  command: string;
  /** The tool-name matcher as written (`Bash`, `Bash|Write`, `*`). */
  matcher: string;
  source: RuleSource;
}

/** The verdict depends on hooks that run first; `decision` is what the agent decides without them. */
export interface HookDependence {
  hooks: HookRef[];
  /** The decision when every hook answers nothing (the verdict's `decision`). */
  without: Decision;
}

/** The outcome word of a verdict whose hooks decide first. */
export const HOOK_DEPENDENT = 'hook-dependent';

export interface Verdict {
  decision: Decision;
  /** The dialect's own outcome word (`prompt`, `DENY`, …). */
  native: string;
  /** A dialect code where it has one (bounds `PATH_DENIED`); null otherwise. */
  code: string | null;
  rule: RuleRef | null;
  /** Further facts an `expect` object may pin: `reason`, `source`, `tainted_by`, … */
  details: Record<string, string | number | boolean | null>;
  trace: Trace;
  /**
   * Set when a hook decides first and the request does not pin its answer: the outcome is
   * `hook-dependent` (`native`), `decision` the agent's decision without the hook.
   */
  hook?: HookDependence;
}

/**
 * The outcome word shown for a verdict: `hook-dependent` when hooks decide first, else its
 * normalized decision.
 * @example outcomeWord(v) // 'hook-dependent'
 */
export function outcomeWord(v: Pick<Verdict, 'decision' | 'hook'>): string {
  return v.hook ? HOOK_DEPENDENT : v.decision;
}

/**
 * A sentence for a hook-dependent verdict: "the hook `./guard.sh` decides first; without it: allow".
 * @example hookSentence(v.hook) // 'the hook `./guard.sh` decides first; without it: allow'
 */
export function hookSentence(h: HookDependence): string {
  const names = h.hooks.map((x) => `\`${x.command}\``);
  const who = names.length === 1 ? `the hook ${names[0]}` : `the hooks ${names.join(', ')}`;
  return `${who} decide${names.length === 1 ? 's' : ''} first; without ${names.length === 1 ? 'it' : 'them'}: ${h.without}`;
}
