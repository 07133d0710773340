import type { Decision } from '../../model';
import type { ClaudeRule, SkillInfo } from './types';

/**
 * Whether a `Skill(…)` specifier names the skill: its exact name (a leading `/` allowed) or
 * `prefix:*` for the prefix and every `prefix:…` name. `*` is no wildcard elsewhere: `Skill(hel*)`
 * does not cover `hello` (observed on 2.1.328).
 * @example skillSpecMatches('deploy:*', 'deploy:prod') // true
 */
export function skillSpecMatches(spec: string, name: string): boolean {
  const s = spec.startsWith('/') ? spec.slice(1) : spec;
  if (s === name) return true;
  if (s.endsWith(':*')) {
    const prefix = s.slice(0, -2);
    return name === prefix || name.startsWith(`${prefix}:`);
  }
  return false;
}

/** How one rule is checked against a Skill call (see `RuleCheck` in evaluate.ts). */
export interface SkillRuleCheck {
  tool: boolean;
  subject: boolean | null;
  note?: string;
}

/**
 * A `Skill(name)` rule against a call of the skill `name`: deny and allow rules by name; an ask
 * rule with a name is not consulted (Claude Code 2.1.328 checks them only behind a feature switch
 * that is off); a bare `Skill` rule is decided at the tool level, before this.
 */
export function skillCheck(rule: ClaudeRule, name: string | undefined): SkillRuleCheck {
  if (rule.matcher.kind !== 'generic' || rule.matcher.name !== 'Skill' || rule.specifier === null) return { tool: false, subject: null };
  if (rule.tier === 'ask') return { tool: true, subject: false, note: 'Claude Code does not consult Skill(…) ask rules' };
  if (name === undefined) return { tool: true, subject: rule.tier !== 'allow', note: 'the request names no skill' };
  return { tool: true, subject: skillSpecMatches(rule.specifier, name) };
}

/**
 * What the agent decides for a skill no rule matched: a skill whose definition runs nothing
 * (only safe front-matter keys) runs; one that widens what runs (`allowed-tools`, hooks…) asks; a
 * skill RuleLens has not read is at most ask.
 * @example skillSubjectOf({ hello: { path: 'p', safe: true } }, 'hello').decision // 'allow'
 */
export function skillSubjectOf(skills: Readonly<Record<string, SkillInfo>> | undefined, name: string | undefined): { decision: Decision; branch: string } {
  if (name === undefined) return { decision: 'ask', branch: 'no rule matched and the request names no skill: at most ask' };
  const info = skills?.[name];
  if (!info) return { decision: 'ask', branch: `no rule matched and the skill "${name}" is not among the project's skills RuleLens read (.claude/skills/${name}/SKILL.md): what it runs is unknown, at most ask` };
  if (info.safe) return { decision: 'allow', branch: `no rule matched: the skill "${name}" runs nothing beyond its instructions (its front matter has no allowed-tools, hooks…), so the agent runs it with no rule` };
  return { decision: 'ask', branch: `no rule matched and the skill "${name}" widens what runs (${info.why}): the agent asks` };
}
