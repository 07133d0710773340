import type { Range, Rule, RuleSet } from '../../model';

/** What a step does; a rule denies proposals by these. */
export const CAPABILITIES = ['read', 'write', 'send', 'execute', 'spend'] as const;
export type Capability = (typeof CAPABILITIES)[number];

/** Where a step's content came from. */
export const TRUSTS = ['internal', 'untrusted', 'unknown'] as const;
export type Trust = (typeof TRUSTS)[number];

/** The refusal codes of path rules. */
export const RULE_CODES = ['PATH_DENIED', 'STEP_LIMIT', 'REPEAT_LIMIT'] as const;
export type RuleCode = (typeof RULE_CODES)[number];

/** Native decision words of the bounds dialects. */
export type BoundsNative = 'ALLOW' | 'DENY';

/** @example isCapability('send') // true */
export function isCapability(v: unknown): v is Capability {
  return typeof v === 'string' && (CAPABILITIES as readonly string[]).includes(v);
}

/** @example isTrust('untrusted') // true */
export function isTrust(v: unknown): v is Trust {
  return typeof v === 'string' && (TRUSTS as readonly string[]).includes(v);
}

/** The history condition of a rule: every field given must match an earlier step. */
export interface IfPath {
  trust?: Trust;
  capability?: Capability;
  subject?: string;
  sameArguments: boolean;
  withinMinutes?: number;
}

/** One validated path rule with the ranges the editor and lints point at. */
export interface BoundsRule extends Rule {
  id: string;
  denies: Capability[];
  ifPath?: IfPath;
  maxSteps?: number;
  maxRepeats?: number;
  idRange: Range;
  denyRange: Range;
  ifPathRange?: Range;
  /** Offsets of the `if_path` object's braces and last property end, for the window quick fix. */
  ifPathEdit?: { open: number; close: number; lastPropertyEnd: number | null };
}

export interface BoundsRuleSet extends RuleSet<BoundsRule> {
  dialect: 'bounds-rules';
  /** sha256 of the canonical file (see digest.ts); every ledger entry records it. */
  digest: string;
}

/** One step of a task as the caller describes it. `at` is an ISO time. */
export interface Step {
  action: string;
  subject: string;
  task: string;
  trust?: Trust;
  capability: Capability;
  args_hash?: string;
  at?: string;
}

/** A history step with its number: 1-based in a request's history, the ledger number in a ledger. */
export interface NumberedStep extends Step {
  step: number;
}

/** A stored request of the `bounds-rules` dialect. */
export interface BoundsRulesRequest {
  history: Step[];
  proposal: Step;
}

/** Registers this dialect's id (see `DialectIds`). */
declare module '../../model/rule' {
  interface DialectIds {
    'bounds-rules': true;
  }
}
