import { stricter, type Decision, type EvalContext, type TraceRow, type TraceSection, type Verdict } from '../../model';
import { lookups, prefixMatches } from './match';
import { shellScript, splitPlainScript } from './shell-split';
import { shlexJoin } from './shlex';
import { CODEX_DECISIONS, type CodexNative, type CodexRequest, type CodexRule, type CodexRuleSet } from './types';

/** Codex's heuristics decide an unmatched command; modelled as the request's `fallback`, prompt by default. */
export const DEFAULT_FALLBACK: CodexNative = 'prompt';
const RANK: Record<CodexNative, number> = { allow: 0, prompt: 1, forbidden: 2 };

const toNative = (d: Decision): CodexNative => (d === 'allow' ? 'allow' : d === 'ask' ? 'prompt' : 'forbidden');

interface PartResult {
  section: TraceSection;
  native: CodexNative;
  matched: CodexRule[];
}

/** Every rule considered for one command; all matches combine, the strictest wins. */
function decidePart(rs: CodexRuleSet, rules: readonly CodexRule[], argv: string[], fallback: CodexNative, kind: string): PartResult {
  const views = lookups(rs, rules, argv);
  const rows: TraceRow[] = [];
  const matched: CodexRule[] = [];
  for (const r of rules) {
    const hit = views.find((v) => prefixMatches(r, v.argv));
    rows.push({ rule: r.index, label: r.label, matches: [hit !== undefined], note: hit?.resolvedFrom ? `matched through host_executable ${hit.resolvedFrom}` : undefined });
    if (hit) matched.push(r);
  }
  let native: CodexNative | undefined;
  let decider: CodexRule | undefined;
  for (const r of matched) {
    if (native === undefined || RANK[r.native] > RANK[native]) {
      native = r.native;
      decider = r;
    }
  }
  if (decider) {
    const row = rows.find((x) => x.rule === decider.index);
    if (row) row.note = `strictest of ${matched.length} matching rule${matched.length === 1 ? '' : 's'}: decides ${native}${row.note ? `; ${row.note}` : ''}`;
  }
  const note = views.map((v) => v.note).filter(Boolean).join('; ');
  return {
    native: native ?? fallback,
    matched,
    section: {
      kind,
      subject: shlexJoin(argv),
      columns: ['prefix'],
      rows,
      controlling: decider ? decider.index : null,
      decision: CODEX_DECISIONS[native ?? fallback],
      branch: decider
        ? `${matched.length} rule${matched.length === 1 ? '' : 's'} matched; the strictest (${native}) wins`
        : `no rule matched: Codex's own heuristics decide (modelled as fallback ${fallback})${note ? `; ${note}` : ''}`,
    },
  };
}

/**
 * Codex's decision for a command: `bash|zsh|sh -c|-lc SCRIPT` made of plain words joined by
 * `&&`, `||`, `;`, `|` is split and each part decided; every matching rule combines and the
 * strictest wins (forbidden > prompt > allow); no match falls back to Codex's heuristics.
 * @example evaluateCodex(rs, { command: ['git', 'push'] }).native // 'prompt'
 */
export function evaluateCodex(rs: CodexRuleSet, req: CodexRequest, _ctx: EvalContext = {}): Verdict {
  const fallback = req.fallback ?? DEFAULT_FALLBACK;
  const notes: string[] = [];
  // Codex keeps none of the `.rules` files when one of them fails to load (only requirements.toml's
  // rules stay); a `match` example still checks its own rule, as Codex does at load.
  const rejected = rs.rejectedBy !== undefined && req.onlyCall === undefined;
  const rules = req.onlyCall !== undefined ? rs.rules.filter((r) => r.call === req.onlyCall) : rejected ? rs.rules.filter((r) => r.layer !== undefined && r.file === undefined) : rs.rules;
  if (rejected) notes.push(`Codex fails to load ${rs.rejectedBy!.path} (line ${rs.rejectedBy!.line}) and keeps none of the rules of the .rules files${rules.length ? ', only requirements.toml\'s' : ''}: commands go to its heuristics (load_exec_policy_with_warning)`);
  const script = req.noShellSplit ? undefined : shellScript(req.command);
  let parts: string[][] = [req.command];
  let kind = 'command';
  let unread: string | undefined;
  if (script !== undefined) {
    const split = splitPlainScript(script);
    if (split.parts) {
      parts = split.parts;
      kind = 'shell part';
      notes.push(`${req.command[0]} ${req.command[1]} script split into ${parts.length} command${parts.length === 1 ? '' : 's'} (plain words joined by && || ; |); each is decided and the strictest wins`);
    } else if (split.unread) {
      unread = split.reason;
      notes.push(`${req.command[0]} ${req.command[1]} script not read (${split.reason}); Codex may split it, so the whole argv is decided and is at most prompt`);
    } else notes.push(`${req.command[0]} ${req.command[1]} script not split (${split.reason}): the whole argv is one command`);
  }
  const results = parts.map((p) => decidePart(rs, rules, p, fallback, kind));
  let native: CodexNative = results[0].native;
  let decider = results[0];
  for (const r of results) {
    if (RANK[r.native] > RANK[native]) {
      native = r.native;
      decider = r;
    }
  }
  let decision: Decision = CODEX_DECISIONS[native];
  const matchedAny = results.some((r) => r.matched.length > 0);
  let branch = results.length > 1 ? `strictest of ${results.length} parts: ${native}` : decider.section.branch;
  // A script RuleLens did not read is never allowed by RuleLens (fail closed).
  if (unread !== undefined && native === 'allow') {
    native = 'prompt';
    decision = CODEX_DECISIONS[native];
    branch += `; ${unread}: at most prompt`;
  }
  if (native === 'prompt' && req.approval === 'never') {
    native = 'forbidden';
    decision = 'deny';
    branch += '; approval policy never: prompt becomes forbidden';
  }
  if (rs.unmodelled.length > 0 && decision === 'allow') {
    decision = stricter(decision, 'ask');
    native = toNative(decision);
    notes.push(`the file has code RuleLens does not model (${rs.unmodelled[0]}${rs.unmodelled.length > 1 ? `, +${rs.unmodelled.length - 1} more` : ''}): rules it may add are unknown, so allow is reported as prompt`);
    branch += '; unmodelled code: at most prompt';
  }
  const rule = decider.section.controlling === null ? null : rs.rules[decider.section.controlling];
  return {
    decision,
    native,
    code: null,
    rule: rule && CODEX_DECISIONS[rule.native] === decision ? { index: rule.index, id: null, label: rule.label } : null,
    details: { matched: matchedAny, parts: results.length },
    trace: { dialect: 'codex', branch, sections: results.map((r) => r.section), notes },
  };
}
