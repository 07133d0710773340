import { finding, HOOK_DEPENDENT, hookSentence, ruleNumber, type EvalContext, type Finding, type RuleSet, type Verdict } from '../model';
import type { AnyDialect, Reparse } from '../dialects/dialect';
import { compiledFor, type CompiledRuleSet } from '../compiled';
import { compareExpect } from './expect';
import { finish, type Steps } from '../analysis/steps';
import type { RequestResult, RequestsFile, StoredRequest } from './model';

/**
 * Evaluates a request, turning an engine exception into an error instead of a crash: a request
 * that breaks the engine must not take the editor or the CLI down with it.
 */
export function safeEvaluate(dialect: AnyDialect, rs: RuleSet, request: unknown, ctx: EvalContext, compiled?: CompiledRuleSet): { verdict: Verdict | null; error: string | null } {
  try {
    const usable = compiled !== undefined && compiled.ruleSet === rs && compiled.dialect === dialect.id;
    return { verdict: usable ? compiled.evaluate(request, ctx) : dialect.evaluate(rs, request, ctx), error: null };
  } catch (e) {
    return { verdict: null, error: `evaluation failed: ${e instanceof Error ? e.message : String(e)}` };
  }
}

/**
 * Runs one stored request and compares it with its expectation.
 * @example runRequest(opencode, rs, stored, {}).pass // true
 */
export function runRequest(dialect: AnyDialect, rs: RuleSet, stored: StoredRequest, ctx: EvalContext = {}, compiled?: CompiledRuleSet): RequestResult {
  if (stored.request === undefined) {
    const why = stored.findings.find((f) => f.severity === 'error')?.message ?? 'the request could not be read';
    return { request: stored, verdict: null, pass: null, mismatches: [], error: why };
  }
  // The engine decides an unknown agent itself (OpenCode refuses it: deny); the finding says why.
  const invalid = againstRules(dialect, rs, stored);
  const { verdict, error } = safeEvaluate(dialect, rs, stored.request, ctx, compiled);
  if (invalid && verdict) {
    if (!stored.expect) return { request: stored, verdict, pass: null, mismatches: [], error: null, invalid };
    const mismatches = compareExpect(stored.expect, verdict, dialect);
    return { request: stored, verdict, pass: mismatches.length === 0, mismatches, error: null, invalid };
  }
  if (invalid) return { request: stored, verdict: null, pass: null, mismatches: [], error: invalid.message, invalid };
  if (!verdict) return { request: stored, verdict: null, pass: stored.expect ? false : null, mismatches: [], error };
  if (!stored.expect) return { request: stored, verdict, pass: null, mismatches: [], error: null };
  const mismatches = compareExpect(stored.expect, verdict, dialect);
  return { request: stored, verdict, pass: mismatches.length === 0, mismatches, error: null };
}

/** A request that only the rules show to be impossible (an agent the config does not have), from the dialect. */
function againstRules(dialect: AnyDialect, rs: RuleSet, stored: StoredRequest): Finding | undefined {
  return dialect.requestChecks?.againstRules?.(rs, stored);
}

/**
 * From this many requests on, a file's requests go through the rule set's compiled form (built
 * once per parse and shared): same verdicts, traces built only when read.
 */
export const COMPILE_FROM_REQUESTS = 16;

/**
 * Runs every request of a file. `compiled` (for this very parse) is used when given; otherwise
 * files with many requests get the parse's shared compiled form. Results are the same either way.
 * @example runRequests(opencode, rs, file, {}).filter((r) => r.pass === false)
 */
export function runRequests(dialect: AnyDialect, parsed: RuleSet, file: RequestsFile, ctx: EvalContext = {}, compiled?: CompiledRuleSet): RequestResult[] {
  const rs = ruleSetForFile(parsed, file);
  const fast = compiled ?? (file.requests.length >= COMPILE_FROM_REQUESTS ? compiledOrNone(dialect, rs) : undefined);
  return file.requests.map((r) => runRequest(dialect, rs, r, ctx, fast));
}

/**
 * `runRequests` as steps (see `Steps`): it may pause after each request (a shell-parsing dialect
 * takes milliseconds for one); the results are the same.
 * @example finish(runRequestSteps(opencode, rs, file)).length === file.requests.length
 */
export function* runRequestSteps(dialect: AnyDialect, parsed: RuleSet, file: RequestsFile, ctx: EvalContext = {}): Steps<RequestResult[]> {
  const rs = ruleSetForFile(parsed, file);
  const fast = file.requests.length >= COMPILE_FROM_REQUESTS ? compiledOrNone(dialect, rs) : undefined;
  const out: RequestResult[] = [];
  for (const r of file.requests) {
    yield;
    out.push(runRequest(dialect, rs, r, ctx, fast));
  }
  return out;
}

/**
 * `runRequests` on a rule set read off another (see `Reparse`), reusing that one's results for
 * every request it decides alike: only the requests a changed rule can meet are evaluated.
 * @example rerunRequests(opencode, reparsed, file, {}, currentResults).length === file.requests.length
 */
export function rerunRequests(dialect: AnyDialect, reparsed: Reparse, file: RequestsFile, ctx: EvalContext, near: readonly RequestResult[]): RequestResult[] {
  return finish(rerunRequestSteps(dialect, reparsed, file, ctx, near));
}

/**
 * `rerunRequests` as steps (see `Steps`): it may pause before each request it evaluates again;
 * the results are the same.
 * @example finish(rerunRequestSteps(opencode, reparsed, file, {}, currentResults)).length === file.requests.length
 */
export function* rerunRequestSteps(dialect: AnyDialect, reparsed: Reparse, file: RequestsFile, ctx: EvalContext, near: readonly RequestResult[]): Steps<RequestResult[]> {
  const kept = new Map<StoredRequest, RequestResult>();
  for (const r of near) kept.set(r.request, r);
  const again: StoredRequest[] = [];
  for (const r of file.requests) if (!(kept.has(r) && r.request !== undefined && reparsed.decidesAlike(r.request))) again.push(r);
  if (again.length === 0) return file.requests.map((r) => kept.get(r)!);
  // Even a few requests go through the compiled form: the reference scan costs a trace row per
  // rule of a large file, and the compiled form's indexes are the near parse's (the same patterns).
  const compiled = compiledOrNone(dialect, ruleSetForFile(reparsed.ruleSet, file));
  const rs = ruleSetForFile(reparsed.ruleSet, file);
  const rerun: RequestResult[] = [];
  for (const r of again) {
    yield;
    rerun.push(runRequest(dialect, rs, r, ctx, compiled));
  }
  // `again` keeps the file's order: its results are taken in turn.
  let next = 0;
  return file.requests.map((r) => (again[next] === r ? rerun[next++] : kept.get(r)!));
}

/**
 * The rule set a requests file's requests run against: the file alone when it says
 * `"builtins": false` and the dialect adds built-in layers, else the rule set as parsed.
 * @example ruleSetForFile(rs, file) === rs.withoutBuiltins // for a file with "builtins": false
 */
export function ruleSetForFile(rs: RuleSet, file: Pick<RequestsFile, 'builtins'>): RuleSet {
  return file.builtins === false && rs.withoutBuiltins ? rs.withoutBuiltins : rs;
}

/** A rule set the compiler cannot take is simply evaluated the ordinary way. */
function compiledOrNone(dialect: AnyDialect, rs: RuleSet): CompiledRuleSet | undefined {
  try {
    return compiledFor(rs, dialect);
  } catch {
    return undefined;
  }
}

/** `rule 3: edit secrets/* deny`, or `default` when no rule decided. */
export function decidingRuleText(v: Verdict): string {
  return v.rule ? `rule ${ruleNumber(v.rule)}: ${v.rule.label}` : 'no rule matched: the default';
}

/**
 * Findings for the requests file: one `request-failed` per unmet expectation, on its `expect`.
 * @example resultFindings(results)[0].message // 'expected deny, got allow (rule 4: edit * allow)'
 */
export function resultFindings(results: RequestResult[]): Finding[] {
  const out: Finding[] = [];
  for (const r of results) {
    if (r.invalid) out.push(r.invalid);
    // A hook decides first: its own outcome, said where the request is written.
    if (r.verdict?.hook && r.pass !== false) out.push(finding('hook-dependent', 'information', `"${r.request.name}": ${HOOK_DEPENDENT}: ${hookSentence(r.verdict.hook)}`, r.request.nameRange, { data: { request: r.request.name } }));
    if (r.pass !== false) continue;
    const range = r.request.expect?.range ?? r.request.nameRange;
    const what = r.verdict ? `${r.mismatches.join('; ')} (${decidingRuleText(r.verdict)})` : r.error ?? 'not evaluated';
    out.push(finding('request-failed', 'error', `"${r.request.name}": ${what}`, range, { data: { request: r.request.name } }));
  }
  return out;
}
