import { finding, MAX_HEADLINE, type Finding, type Range, type RelatedInfo, type Rule } from '../model';
import type { Decider } from './coverage';

/**
 * How findings name a rule: `rule 3: edit secrets/* deny`, with its agent or layer when it has one.
 * @example ruleName(rule) // 'rule 3: edit secrets/* deny'
 */
export function ruleName(r: Rule): string {
  return `rule ${r.index + 1}: ${r.label}${r.scope ? ` (${r.scope})` : ''}`;
}

/**
 * Related information pointing at other rules.
 * @example relatedRules([r4], (r) => 'decides it') // [{ range, message: 'rule 4: edit * allow — decides it' }]
 */
export function relatedRules(rules: readonly Rule[], note: (r: Rule) => string = () => ''): RelatedInfo[] {
  return rules.map((r) => {
    const n = note(r);
    // A rule of another file of the policy points into that file.
    return { ...(r.file !== undefined ? { path: r.file } : {}), range: r.range, message: n ? `${ruleName(r)} — ${n}` : ruleName(r) };
  });
}

/** Turns a request's parts into one line a person reads (`edit secrets/a`). */
export type RenderRequest = (parts: readonly string[]) => string;

/** Quotes a witness for a message, showing the empty string visibly. */
export function quote(s: string): string {
  return s === '' ? '"" (empty)' : `\`${s}\``;
}

/**
 * Findings for a rule that decides nothing: `shadowed-deny` when a deny's requests go to rules of
 * another decision, `dead-rule` otherwise.
 * @example deadFinding(rules, rule, deciders, render, 'a later rule')
 */
export function deadFinding(rules: readonly Rule[], r: Rule, deciders: readonly Decider[], render: RenderRequest, takers: string, range: Range = r.range, context = ''): Finding {
  const others = deciders.filter((d) => d.decision !== r.decision);
  const shown = (others.length ? others : deciders).slice(0, MAX_NAMED);
  const named = shown.map((d) => `${ruleName(rules[d.rule])} (${quote(render(d.witness))} → ${d.decision})`).join(', ');
  const more = deciders.length > shown.length ? ` and ${deciders.length - shown.length} more` : '';
  const related = relatedRules(deciders.map((d) => rules[d.rule]), (o) => {
    const d = deciders.find((x) => x.rule === o.index)!;
    return `decides ${quote(render(d.witness))} (${d.decision})`;
  });
  const data = { rule: r.index, fix: 'remove-rule', deciders: deciders.map((d) => ({ rule: d.rule, decision: d.decision, witness: d.witness })) };
  const witness = shown[0] ? render(shown[0].witness) : undefined;
  if (r.decision === 'deny' && others.length > 0) {
    return finding('shadowed-deny', 'warning', `${context}${ruleName(r)} never decides: every request it matches is decided by ${takers} — ${named}${more}`, range, { related, unnecessary: true, witness, data });
  }
  return finding('dead-rule', 'information', `${context}${ruleName(r)} decides nothing: every request it matches is decided by ${takers} — ${named}${more}`, range, { related, unnecessary: true, witness, data });
}

/** How many covering rules a message names before "and N more". */
export const MAX_NAMED = 5;

/**
 * The `overridden-deny` finding: a deny that decides `decided` but loses `lost` to another rule.
 * @example overriddenFinding(rules, rule, ['edit', 'a'], decider, render)
 */
export function overriddenFinding(rules: readonly Rule[], r: Rule, decided: readonly string[], lost: Decider, render: RenderRequest, context = ''): Finding {
  const taker = rules[lost.rule];
  return finding('overridden-deny', 'information', `${context}${ruleName(r)} denies ${quote(render(decided))}, but not ${quote(render(lost.witness))}: ${ruleName(taker)} decides it (${lost.decision})`, r.range, {
    related: relatedRules([taker], () => `decides ${quote(render(lost.witness))} (${lost.decision})`),
    witness: render(lost.witness),
    data: { rule: r.index, decided: [...decided], lost: { rule: lost.rule, decision: lost.decision, witness: lost.witness } },
  });
}

/**
 * The one `analysis-budget` finding of a file.
 * @example budgetFinding(rule, 3)
 */
export function budgetFinding(r: Rule, count: number, reason: string): Finding {
  const others = count > 1 ? ` and ${count - 1} other rule${count > 2 ? 's' : ''}` : '';
  return finding('analysis-budget', 'information', `analysis incomplete for rule ${r.index + 1} (budget)${others}: no claim is made about ${count > 1 ? 'them' : 'it'} (${reason})`, r.range, {
    data: { rule: r.index, count, reason },
  });
}

/** Shortest headline worth cutting at a clause boundary rather than at a word. */
const MIN_HEADLINE = 60;

/**
 * A finding whose message fits a headline (`MAX_HEADLINE`, 120 characters): a longer message is
 * cut at its last clause boundary (`; `, `: `, ` — `, `. `) that fits, else at its last word, and
 * the remainder becomes the first related-information entry, at the finding's own range. Nothing
 * is lost; the editor and the text output show the detail under the headline.
 * @example headline({ ...f, message: 'x '.repeat(100) }).message.length <= 120 // true
 */
export function headline(f: Finding): Finding {
  if (f.message.length <= MAX_HEADLINE) return f;
  const room = f.message.slice(0, MAX_HEADLINE - 1);
  const clause = Math.max(room.lastIndexOf('; '), room.lastIndexOf(': '), room.lastIndexOf(' — '), room.lastIndexOf('. '));
  const word = room.lastIndexOf(' ');
  const at = clause >= MIN_HEADLINE ? clause : word >= MIN_HEADLINE ? word : MAX_HEADLINE - 1;
  const head = `${f.message.slice(0, at).trimEnd()}…`;
  const rest = `…${f.message.slice(at).replace(/^(?:[;:.]| —)?\s*/, '')}`;
  return { ...f, message: head, full: f.full ?? f.message, related: [{ range: f.range, message: rest }, ...(f.related ?? [])] };
}

/** Codes that say a rule decides nothing; every other lint on that rule is moot beside them. */
const ROOT_CAUSES: readonly string[] = ['never-matches', 'shadowed-deny', 'dead-rule', 'duplicate-rule'];
/** Codes that stay whatever else is said (they are about the file or a request, not the rule). */
const ALWAYS_KEPT = new Set(['schema', 'request-invalid', 'request-failed', 'analysis-budget', 'decision-flip']);

/** Higher is more severe; a root cause never hides a finding more severe than itself. */
const SEVERITY_RANK: Record<string, number> = { hint: 0, information: 1, warning: 2, error: 3 };

/**
 * One finding per rule per root cause: where a rule is reported as never deciding anything, the
 * other findings on that same rule (same range start) are dropped — the strongest cause stays.
 * A finding more severe than every root cause on its rule stays too: an information that the rule
 * duplicates another must not hide the warning that it overrides a deny.
 * @example oneRootCause([deadRule, exactCommand]) // [deadRule]
 */
export function oneRootCause(findings: readonly Finding[]): Finding[] {
  const key = (f: Finding) => `${f.range.start.line}:${f.range.start.character}`;
  const strongest = new Map<string, { rank: number; severity: number }>();
  for (const f of findings) {
    const rank = ROOT_CAUSES.indexOf(f.code);
    if (rank < 0) continue;
    const k = key(f);
    const prev = strongest.get(k);
    const severity = SEVERITY_RANK[f.severity] ?? 2;
    strongest.set(k, { rank: Math.min(prev?.rank ?? rank, rank), severity: Math.max(prev?.severity ?? severity, severity) });
  }
  return findings.filter((f) => {
    const best = strongest.get(key(f));
    if (best === undefined || ALWAYS_KEPT.has(f.code) || ROOT_CAUSES.indexOf(f.code) === best.rank) return true;
    return (SEVERITY_RANK[f.severity] ?? 2) > best.severity;
  });
}
