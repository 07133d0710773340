import { finding, type Finding } from '../../model';
import { addRuleEdits, withRules, type ClaudeQuickFix } from './fixes';
import { decideWith } from './lint-confirm';
import type { ClaudeRule, ClaudeRuleSet } from './types';
import { spellings } from '../../programs';

/**
 * Spellings of the same command a shell runs identically (the knowledge base's): combined short
 * flags split or reordered, their long forms, the program by absolute path, behind a backslash, or
 * quoted.
 * @example equivalentForms('rm -rf x') // ['rm -fr x', 'rm -r -f x', 'rm -f -r x', 'rm --recursive --force x', '/usr/bin/rm -rf x', …]
 */
export function equivalentForms(command: string): string[] {
  return spellings(command).map((s) => s.command);
}

/** A command the rule's own pattern names, its wildcards filled with a plain word. */
function subjectOf(r: ClaudeRule): string | undefined {
  if (r.matcher.kind !== 'bash' || r.specifier === null) return undefined;
  // A wildcard that ends a word may be empty (`rm -rf*` is `rm -rf` too); one alone stands for a word.
  const s = r.specifier.replace(/:\*$/, ' x').replace(/(\S)\*$/, '$1').replace(/\*/g, 'x').replace(/\s+/g, ' ').trim();
  return /^[\w./~@+=:-]+(?: [\w./~@+=:-]+)*$/.test(s) ? s : undefined;
}

/**
 * `deny-narrower-than-it-looks`: a Bash deny that blocks the command it spells but not the same
 * command spelled another way (flags reordered or split, an absolute program path, `\`, quotes).
 * The evaluator proves both halves: the spelled command is denied by this rule, the other
 * spelling is not denied at all.
 * @example narrowDenyFindings(rs, own)[0].witness // 'rm -fr x' for a deny Bash(rm -rf *)
 */
export function narrowDenyFindings(rs: ClaudeRuleSet, own: readonly ClaudeRule[], skip: ReadonlySet<number> = new Set()): Finding[] {
  const out: Finding[] = [];
  for (const r of own) {
    if (r.tier !== 'deny' || skip.has(r.index)) continue;
    const s = subjectOf(r);
    if (!s) continue;
    const self = decideWith(rs, rs.rules, { tool: 'Bash', command: s });
    if (self.decision !== 'deny') continue;
    const forms = equivalentForms(s);
    const dodges = forms.filter((v) => decideWith(rs, rs.rules, { tool: 'Bash', command: v }).decision !== 'deny');
    if (!dodges.length) continue;
    const w = dodges[0];
    const got = decideWith(rs, rs.rules, { tool: 'Bash', command: w }).decision;
    const more = dodges.length > 1 ? ` (and ${dodges.length - 1} more spellings)` : '';
    // Reordered or split flags are how people really type; a path or quote spelling is deliberate.
    const everyday = dodges.some((d) => d.split(' ')[0] === s.split(' ')[0]);
    const quickFix = missingForms(rs, r, s, dodges);
    out.push(finding('deny-narrower-than-it-looks', everyday ? 'warning' : 'information', `"${r.text}" blocks \`${s}\` but not \`${w}\`${more}: the same command, which the agent decides ${got}`, r.range, {
      witness: w,
      data: { ruleIndex: r.index, dodges, claim: { request: { tool: 'Bash', command: w }, notDecision: 'deny' }, denied: { request: { tool: 'Bash', command: s }, decision: 'deny' }, ...(quickFix ? { quickFix } : {}) },
    }));
  }
  return out;
}

/**
 * The quick fix: the deny's own pattern spelled each way that dodged it, added as denies. Only the
 * spellings the evaluator then denies are kept, and the fix is offered only if it denies at least
 * one dodging command; each kept rule's command is part of what the fix proves.
 */
function missingForms(rs: ClaudeRuleSet, r: ClaudeRule, subject: string, dodges: readonly string[]): ClaudeQuickFix | undefined {
  const spec = (r.specifier ?? '').replace(/:\*$/, ' *').replace(/\s+/g, ' ').trim();
  const specForms = equivalentForms(spec);
  const subjectForms = equivalentForms(subject);
  if (specForms.length !== subjectForms.length) return undefined;
  const existing = new Set(rs.rules.filter((o) => o.tier === 'deny').map((o) => o.text));
  const pairs = subjectForms
    .map((command, i) => ({ command, rule: `Bash(${specForms[i]})` }))
    .filter((p) => dodges.includes(p.command) && !existing.has(p.rule));
  const proved = pairs.filter((p) => {
    const one = withRules(rs, r, 'deny', [p.rule]);
    return decideWith(one, one.rules, { tool: 'Bash', command: p.command }).decision === 'deny';
  });
  const rules = [...new Set(proved.map((p) => p.rule))];
  if (!rules.length) return undefined;
  // All together, as the edited file will hold them.
  const fixed = withRules(rs, r, 'deny', rules);
  const proves = proved.map((p) => ({ request: { tool: 'Bash', command: p.command }, decision: 'deny' as const }));
  if (proves.some((p) => decideWith(fixed, fixed.rules, p.request).decision !== 'deny')) return undefined;
  const edits = addRuleEdits(rs.source.text, 'deny', rules);
  return { title: rules.length === 1 ? `Add deny "${rules[0]}"` : `Add ${rules.length} deny rules for the other spellings ("${rules[0]}", …)`, edits, proves };
}
