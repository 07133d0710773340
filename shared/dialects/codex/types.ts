import type { Decision, Range, Rule, RuleSet } from '../../model';

/** Codex's own decision words, strictest last. */
export type CodexNative = 'allow' | 'prompt' | 'forbidden';

/** Native word → normalized decision. */
export const CODEX_DECISIONS: Readonly<Record<CodexNative, Decision>> = { allow: 'allow', prompt: 'ask', forbidden: 'deny' };

/** One position of a prefix pattern: a token or a set of alternatives, with where it was written. */
export interface PatternToken {
  alts: string[];
  range: Range;
}

/** One `prefix_rule` as Codex stores it: a first token (one rule per alternative head) and the rest. */
export interface CodexRule extends Rule {
  /** The first token (the program); a call with alternative heads yields one rule per head. */
  program: string;
  /** Every position including the first (whose alternatives are just `program`). */
  pattern: PatternToken[];
  native: CodexNative;
  /** `decision` was not written: Codex silently takes allow. */
  implicitDecision: boolean;
  justification: string | null;
  /** Index of the `prefix_rule` call this rule came from (examples are checked per call). */
  call: number;
  /** Range of the call's `pattern` argument (or the call when absent). */
  patternRange: Range;
}

/** A `host_executable(name, paths)` definition: the last one for a name wins. */
export interface HostExecutable {
  name: string;
  paths: string[];
  range: Range;
}

/** A `match` / `not_match` example of one call, run like a stored request. */
export interface CodexExample {
  call: number;
  kind: 'match' | 'not_match';
  command: string[];
  /** As written (a string example is shown as written). */
  text: string;
  range: Range;
}

export interface CodexRuleSet extends RuleSet<CodexRule> {
  dialect: 'codex';
  hostExecutables: Map<string, HostExecutable>;
  examples: CodexExample[];
  /** Why some rules may be missing (code the evaluator does not model); empty when the file was read whole. */
  unmodelled: string[];
  /** The file has errors that make Codex refuse to load it. */
  loadErrors: number;
  /**
   * A file of the policy Codex fails to load (this one or another of its folder): Codex then keeps
   * none of the `.rules` files' rules, only requirements.toml's.
   */
  rejectedBy?: { path: string; line: number };
}

/** A command to decide: an argv (a string is split like a POSIX shell when read). */
export interface CodexRequest {
  command: string[];
  /** What Codex's own heuristics decide when no rule matches (not modelled; default prompt). */
  fallback?: CodexNative;
  /** Codex's approval policy; `never` turns prompt into forbidden. */
  approval?: 'untrusted' | 'on-failure' | 'on-request' | 'never';
  /** Restricts matching to the rules of one call (how a `match` example is checked). */
  onlyCall?: number;
  /** Skip the `bash -lc` split (the `codex execpolicy check` command matches the argv as given). */
  noShellSplit?: boolean;
}

/** Registers this dialect's id (see `DialectIds`). */
declare module '../../model/rule' {
  interface DialectIds {
    codex: true;
  }
}
