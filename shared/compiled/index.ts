/**
 * Compiled rule sets: a rule set prepared once per document version so that evaluating many
 * requests costs time per request that depends on the request, not on the number of rules.
 *
 * The per-rule matcher (`patterns/wildcard.ts` `matches`) and each dialect's `evaluate` stay the
 * reference: a compiled form (a dialect's `fast` capability) only chooses which rules to test,
 * highest priority first, and lets the reference matcher judge them, so it decides exactly as the
 * reference does (property tests in test/unit/compiled compare the two on random rule sets and
 * requests). A verdict from `evaluateCompiled` equals the dialect's verdict field for field; its
 * trace — every rule for every subject, as costly as the reference scan — is built from the
 * reference on first read.
 *
 * Dialects without a compiled form of their own get a pass-through one, so callers can always go
 * through `evaluateCompiled`.
 */
import type { AnyDialect } from '../dialects/dialect';
import type { DialectId, EvalContext, RuleSet, Verdict } from '../model';

export { PatternIndex, keyOf, type IndexKey } from './pattern-index';

/** A rule set ready for repeated evaluation. Treat as opaque; build with `compileRuleSet`. */
export interface CompiledRuleSet<RS extends RuleSet = RuleSet> {
  readonly dialect: DialectId;
  /** The parse this form was built from: a compiled form is only valid for that document version. */
  readonly ruleSet: RS;
  /** Whether the form indexes the rules (false: it passes requests to the dialect's evaluator). */
  readonly indexed: boolean;
  evaluate(request: unknown, ctx?: EvalContext): Verdict;
}

/**
 * Builds the compiled form of a parsed rule set with its dialect's fast evaluator, or a
 * pass-through to the dialect's `evaluate` when it has none. Cheap (linear in the rules); indexes
 * for the rule subsets that actions select are built on first use and kept in bounded caches.
 * @example const c = compileRuleSet(parseOpencode({ path: 'opencode.json', text }), opencode)
 */
export function compileRuleSet<RS extends RuleSet>(rs: RS, dialect: AnyDialect): CompiledRuleSet<RS> {
  if (dialect.fast) {
    const evaluate = dialect.fast.compile(rs);
    return { dialect: rs.dialect, ruleSet: rs, indexed: true, evaluate: (request, ctx) => evaluate(request, ctx ?? {}) };
  }
  return { dialect: rs.dialect, ruleSet: rs, indexed: false, evaluate: (request, ctx) => dialect.evaluate(rs, request, ctx ?? {}) };
}

/**
 * Evaluates a request through a compiled form: the decision, native value, code, deciding rule
 * and details of the dialect's reference evaluator, and its exact trace when `trace` is read.
 * @example evaluateCompiled(c, { action: 'edit', resources: ['secrets/a'] }).rule?.index // 2
 */
export function evaluateCompiled(compiled: CompiledRuleSet, request: unknown, ctx: EvalContext = {}): Verdict {
  return compiled.evaluate(request, ctx);
}

const memo = new WeakMap<RuleSet, CompiledRuleSet>();

/**
 * The compiled form of a parse, built on first request and shared by every caller holding the
 * same parse (a new document version is a new parse, so nothing stale is ever reused).
 * @example compiledFor(report.ruleSet, dialect) === compiledFor(report.ruleSet, dialect) // true
 */
export function compiledFor<RS extends RuleSet>(rs: RS, dialect: AnyDialect): CompiledRuleSet<RS> {
  let c = memo.get(rs);
  if (!c) memo.set(rs, (c = compileRuleSet(rs, dialect)));
  return c as CompiledRuleSet<RS>;
}
