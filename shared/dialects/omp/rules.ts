import type { Range, Rule, RuleSet } from '../../model';
import type { CompiledWildcard, Wildcard } from '../../patterns/wildcard';

/** The agent's own approval words. `ask` is not one of them: the agent drops such an entry. */
export type OmpApproval = 'allow' | 'prompt' | 'deny';
export const OMP_APPROVALS: readonly OmpApproval[] = ['allow', 'prompt', 'deny'];

/** `tools.approvalMode`: which tiers run without asking. */
export type OmpMode = 'always-ask' | 'write' | 'yolo';
export const OMP_MODES: readonly OmpMode[] = ['always-ask', 'write', 'yolo'];
/** The agent's default when no mode is configured. */
export const DEFAULT_MODE: OmpMode = 'yolo';
export const DEFAULT_TOOL = 'bash';

/** How risky a tool call is; the mode decides which tiers pass without a prompt. */
export type OmpTier = 'read' | 'write' | 'exec';

/** Which settings shape the file uses. */
export type OmpFormat = 'yaml' | 'json' | 'classification';

/** One kept `bash.patterns` entry. */
export interface OmpRule extends Rule {
  native: OmpApproval;
  /** The `match` text after trimming and collapsing whitespace: what the agent matches with. */
  match: string;
  /** The `match` text as written. */
  rawMatch: string;
  pattern: Wildcard;
  matcher: CompiledWildcard;
  /** 0-based position in `bash.patterns` counting dropped entries (the agent's array index). */
  entryIndex: number;
  matchRange: Range;
  approvalRange: Range;
}

/** A `bash.patterns` entry the agent silently discards, with the reason. */
export interface DroppedEntry {
  entryIndex: number;
  reason: string;
  range: Range;
  /** The approval word written when it was the problem (`ask`), for the suggested fix. */
  approval?: string;
}

/** A request as the approval check receives it. */
export interface OmpRequest {
  command: string;
  /** Absent: the file's `tools.approvalMode`, else yolo. */
  mode?: OmpMode;
  tool?: string;
  userApproval?: Record<string, OmpApproval>;
}

export interface OmpRuleSet extends RuleSet<OmpRule> {
  dialect: 'omp';
  format: OmpFormat;
  /** `tools.approvalMode` (or the classification form's `mode`); null when not set. */
  approvalMode: OmpMode | null;
  /** `tools.approval`: the user's per-tool policy. */
  userApproval: Record<string, OmpApproval>;
  dropped: DroppedEntry[];
  /** `bash.allowCompoundCommands: true`: literal `&&` chains are judged command by command. */
  allowCompound?: boolean;
  /** The classification form is its own request: the command it carries, ready to evaluate. */
  embedded: { request: OmpRequest; range: Range } | null;
}

/** Registers this dialect's id (see `DialectIds`). */
declare module '../../model/rule' {
  interface DialectIds {
    omp: true;
  }
}
