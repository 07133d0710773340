import type { Range, Rule, RuleSet } from '../../model';

/** A condition of `matches`: a glob or `/regex/` string, a list (any), a nested object, or a literal. */
export type AmpCondition = string | number | boolean | null | AmpCondition[] | { [key: string]: AmpCondition };

export type AmpAction = 'allow' | 'reject' | 'ask' | 'delegate';
export const AMP_ACTIONS: readonly AmpAction[] = ['allow', 'reject', 'ask', 'delegate'];
export type AmpContext = 'thread' | 'subagent';

/** One `amp.permissions` entry as Amp's schema accepts it. */
export interface AmpEntry {
  tool: string;
  action: AmpAction;
  matches?: Record<string, AmpCondition>;
  context?: AmpContext;
  to?: string;
  message?: string;
}

/** Where an entry comes from. */
export type AmpLayer = 'workspace' | 'user' | 'built-in';

/** One entry of the list Amp walks (user entries mirrored across the shell tools, then built-ins). */
export interface AmpRule extends Rule {
  native: AmpAction;
  entry: AmpEntry;
  ampLayer: AmpLayer;
  /** Amp's own index of the entry in its list (`matchIndex`): user and built-in lists count apart. */
  matchIndex: number;
  /** The shell tool this copy was mirrored from, for a copy Amp adds (`Bash` rule → `shell_command`). */
  mirroredFrom?: string;
}

export interface AmpRuleSet extends RuleSet<AmpRule> {
  dialect: 'amp';
  /** The file's own layer. */
  layer: 'workspace' | 'user';
  /** Whether any layer configures `permissions`, `guardedFiles.allowlist` or `dangerouslyAllowAll: false` (the plugin runs). */
  pluginActive: boolean;
  /** `amp.dangerouslyAllowAll` as merged (workspace ?? user). */
  allowAll: boolean;
  /** Where it was set to true, for the trace. */
  allowAllFrom?: string;
  guardedAllowlist: string[];
  /** Entries Amp's schema rejects (dropped at run time with a warning), with where they are. */
  dropped: Array<{ range: Range; why: string }>;
  /** The file cannot be read (a JSON syntax error): Amp reports it and reads none of its settings. */
  unreadable: boolean;
}

/** A tool call to decide. */
export interface AmpRequest {
  tool: string;
  args: Record<string, unknown>;
  /** Amp's runtime always evaluates with `thread`; `subagent` is what `amp permissions test -c subagent` uses. */
  context: AmpContext;
  /** With a UI; false (`amp -x`): an ask ends the run with an error instead of prompting. */
  interactive: boolean;
  /** Files the call modifies (the guarded-files check); inferred from `path` for Amp's file tools when absent. */
  modifiedFiles?: string[];
  /** `--dangerously-allow-all` given on the command line. */
  allowAll?: boolean;
  /** The `rejectPermissionPrompts` option: what would ask, or match nothing, is refused. */
  rejectPrompts?: boolean;
  /** What a `delegate` helper answers (its exit code), when the request pins it. */
  delegateExit?: number;
}

/** Registers this dialect's id (see `DialectIds`). */
declare module '../../model/rule' {
  interface DialectIds {
    amp: true;
  }
}
