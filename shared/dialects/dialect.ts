import type { Deadline } from '../analysis/budget';
import type { Node } from 'jsonc-parser';
import type { Decision, EvalContext, Finding, Rule, RuleSet, SourceText, Verdict, DialectId } from '../model';

/** A file handed to a dialect: its path (for detection and relative resolution) and its text. */
export interface FileInfo {
  path: string;
  text: string;
}

/** Options for linting a parsed rule set. */
export interface LintContext extends EvalContext {
  /** Stored requests of the file, when the caller has them (lints like broad-catch-all cite them). */
  requests?: Array<{ name: string; request: unknown }>;
  /** The file's analysis clock; lints that reach the automata stop at it (default: a fresh per-file budget). */
  deadline?: Deadline;
}

/**
 * One agent's rule format and its exact decision semantics. Everything here is synchronous and
 * never throws on bad input: problems come back as findings.
 */
export interface Dialect<RS extends RuleSet = RuleSet, Q = unknown> {
  readonly id: DialectId;
  readonly title: string;
  /** The dialect's own decision words accepted in `expect`, mapped to normalized decisions. */
  readonly nativeDecisions: Readonly<Record<string, Decision>>;
  /** The request fields this dialect reads (for validation and completion). */
  readonly requestFields: readonly string[];
  /**
   * One-time asynchronous setup (loading a WebAssembly parser); evaluation stays synchronous after
   * it. Hosts await `initDialects()` once before evaluating.
   */
  init?(): Promise<void>;
  /** How sure this dialect is that the file is one of its own: 0 = not mine, higher = surer. */
  detect(file: FileInfo): number;
  parse(file: FileInfo, ctx?: EvalContext): RS;
  /**
   * Optional fast path for comparing versions: the parse of `file` read off `near`, a parse of a
   * text that differs from it only a little (the git base of the file being edited), or undefined
   * whenever it cannot say (the caller then parses). See `Reparse`.
   */
  reparse?(near: RS, file: FileInfo, ctx?: EvalContext): Reparse<RS> | undefined;
  /**
   * Reads the dialect fields of one stored request object. Unknown or ill-typed fields are
   * `request-invalid` findings with exact ranges; `request` is undefined when it cannot be run.
   */
  readRequest(obj: Node, source: SourceText): { request?: Q; findings: Finding[] };
  /**
   * Optional fast path: the same request read from an entry's `JSON.parse` value, or undefined
   * whenever `readRequest` would report anything (the caller then runs `readRequest`).
   */
  readRequestValue?(value: Readonly<Record<string, unknown>>): Q | undefined;
  evaluate(rs: RS, request: Q, ctx?: EvalContext): Verdict;
  /** Lints beyond the schema (the analysis adds to these). */
  lint?(rs: RS, ctx?: LintContext): Finding[];
  /** A short one-line description of a request for listings ("edit docs/a.md, secrets/x"). */
  describeRequest(request: Q): string;
}

/**
 * A parse read off a nearby one. Its rules decide exactly as `parse(file)`'s do, rule for rule, but
 * the rules the two texts share are `near`'s own objects, so their places are `near`'s text's:
 * use it for decisions and rule numbers, never for ranges.
 */
export interface Reparse<RS extends RuleSet = RuleSet> {
  ruleSet: RS;
  /**
   * True only when the request is decided exactly as under `near`, verdict and deciding rules
   * alike: no rule that differs between the two can match it. False when unsure.
   */
  decidesAlike(request: unknown): boolean;
}

export type AnyDialect = Dialect<RuleSet<Rule>, any>;
