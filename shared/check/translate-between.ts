import type { AnyDialect } from '../dialects/dialect';
import { decideOne, type AgentDecision, type AgentPolicy } from './agents';
import type { Decision, EvalContext, Rule, RuleSet } from '../model';
import { describeNeutral, type NeutralRequest } from '../requests/neutral';

/** The file a translation is written as, per target: a name the target's parser reads as its own, and an empty start. */
export const TARGET_FILES: Readonly<Record<string, { path: string; empty: string }>> = {
  claude: { path: '.claude/settings.json', empty: '{}\n' },
  opencode: { path: 'opencode.json', empty: '{}\n' },
  codex: { path: '.codex/rules/translated.rules', empty: '' },
  gemini: { path: 'translated.toml', empty: '' },
  omp: { path: '.omp/config.yml', empty: '' },
};
/** Neutral calls checked per translation at most: a file of thousands of rules stays bounded. */
export const MAX_TRANSLATION_WITNESSES = 4000;
/** A command no rule is written for: what each side does when nothing matches. */
export const UNMATCHED_COMMAND = 'zz-rulelens-unmatched';
const STRICTNESS: Record<Decision, number> = { allow: 0, ask: 1, deny: 2 };

/** One side's decision for a witness, as the report shows it. */
export type SideOutcome = { decision: Decision; outcome: string } | { undecided: string };

/** What `translate` reports: the target file, what it could not carry, and every witness the two sides decide differently. */
export interface TranslationReport {
  from: string;
  to: string;
  /** The target's file: its usual name and its text. */
  file: string;
  text: string;
  /** Each source rule carried over: its number and label, and the rule written for it. */
  translated: Array<{ rule: number; label: string; as: string }>;
  /** Each source rule that cannot be expressed in the target, and why. */
  notExpressed: Array<{ rule: number; label: string; reason: string }>;
  /** How many witnesses both sides decided. */
  checked: number;
  /** Witnesses the two sides decide differently, each side's decision as its own evaluator gives it. */
  flips: Array<{ witness: NeutralRequest; request: string; from: Decision; to: Decision }>;
  /** Witnesses one side cannot decide by its rules (a hook decides first, no rule for such a call): not claimed either way. */
  undecided: Array<{ witness: NeutralRequest; request: string; from: SideOutcome; to: SideOutcome }>;
  /** No flip and nothing left out. */
  equivalent: boolean;
}

/** The file's own rules (no built-in layer), weakest first: each later one wins over the ones before where both match. */
function weakestFirst(d: AnyDialect, rs: RuleSet): Rule[] {
  const own = (r: Rule) => !(r.layer !== undefined && r.file === undefined) && !(r as { builtin?: boolean }).builtin;
  switch (d.precedence) {
    case 'earlier':
      return rs.rules.filter(own).reverse();
    case 'priority':
      return [...((rs as { ordered?: Rule[] }).ordered ?? rs.rules)].filter(own).reverse();
    case 'stricter':
      return rs.rules.filter(own).map((r, i) => [r, i] as const).sort((a, b) => STRICTNESS[a[0].decision] - STRICTNESS[b[0].decision] || a[1] - b[1]).map(([r]) => r);
    default:
      return rs.rules.filter(own);
  }
}

function side(d: AgentDecision): SideOutcome {
  if (d.kind !== 'decided') return { undecided: d.reason };
  if (d.verdict.hook) return { undecided: `a hook decides first (${d.outcome})` };
  return { decision: d.verdict.decision, outcome: d.outcome };
}

/**
 * A rule set carried to another agent through neutral calls: each rule of the source's own file
 * becomes the call it names (`Bash(git push:*)` → the command `git push`), written by the target's
 * `ruleEdit` in the order that keeps the source's winner; a rule with no such call (a wildcard
 * inside a pattern, a kind of call the target's rules do not judge) is listed with the reason.
 * Then both sides decide every witness (each rule's calls, what the knowledge base of programs says
 * they go on to do, each command with one more word, and an unmatched command) with their own
 * evaluators, each file alone: every witness decided differently is a flip; one a side cannot
 * decide (a hook first, an unsupported call) is listed as undecided, never as a flip.
 * @example translateBetween(claudePolicy, codex).flips // [] when Codex decides every witness as Claude Code does
 */
export function translateBetween(source: AgentPolicy, target: AnyDialect, ctx: EvalContext = {}): TranslationReport {
  const spec = TARGET_FILES[target.id];
  if (!spec || !target.ruleEdit || !target.neutralRequest) throw new Error(`${target.title} has no rule writer`);
  const sourceRules = weakestFirst(source.dialect, source.ruleSet);
  const order = target.precedence === 'earlier' ? [...sourceRules].reverse() : sourceRules;
  let text = spec.empty;
  const translated: TranslationReport['translated'] = [];
  const notExpressed: TranslationReport['notExpressed'] = [];
  const witnesses = new Map<string, NeutralRequest>();
  const addWitness = (w: NeutralRequest) => witnesses.size < MAX_TRANSLATION_WITNESSES && witnesses.set(JSON.stringify(w), w);
  for (const rule of order) {
    const calls = source.dialect.neutralWitnesses?.(source.ruleSet, rule) ?? [];
    calls.forEach(addWitness);
    for (const w of calls) if (w.kind === 'shell') addWitness({ kind: 'shell', command: `${w.command} zz-extra` });
    const call = calls[0];
    const n = { rule: rule.index + 1, label: rule.label };
    if (!call) {
      notExpressed.push({ ...n, reason: `no single ${source.dialect.title} call stands for it (a wildcard inside the pattern, or a kind of rule RuleLens does not carry over)` });
      continue;
    }
    const mapped = target.neutralRequest(call);
    if ('unsupported' in mapped) {
      notExpressed.push({ ...n, reason: mapped.unsupported });
      continue;
    }
    const rs = target.parse({ path: spec.path, text }, { ...ctx, builtins: false, policy: false });
    const edit = target.ruleEdit(rs, call, rule.decision);
    if (!edit) {
      notExpressed.push({ ...n, reason: `${target.title} has no rule RuleLens can write for ${describeNeutral(call)} → ${rule.decision}` });
      continue;
    }
    text = [...edit.edits].sort((a, b) => b.start - a.start).reduce((t, e) => t.slice(0, e.start) + e.text + t.slice(e.end), text);
    translated.push({ ...n, as: edit.rule });
  }
  addWitness({ kind: 'shell', command: UNMATCHED_COMMAND });
  const targetPolicy: AgentPolicy = { dialect: target, path: spec.path, ruleSet: target.parse({ path: spec.path, text }, { ...ctx, policy: false }) };
  const flips: TranslationReport['flips'] = [];
  const undecided: TranslationReport['undecided'] = [];
  let checked = 0;
  for (const w of witnesses.values()) {
    const from = side(decideOne(source, w, ctx));
    const to = side(decideOne(targetPolicy, w, ctx));
    if ('undecided' in from || 'undecided' in to) {
      undecided.push({ witness: w, request: describeNeutral(w), from, to });
      continue;
    }
    checked++;
    if (from.decision !== to.decision) flips.push({ witness: w, request: describeNeutral(w), from: from.decision, to: to.decision });
  }
  return { from: source.dialect.id, to: target.id, file: spec.path, text, translated, notExpressed, checked, flips, undecided, equivalent: flips.length === 0 && notExpressed.length === 0 };
}
