import type { NeutralRules } from '../../translate/neutral';
import { DEFAULT_EFFECT, evaluateOpencode } from './evaluate';
import type { OpencodeRuleSet } from './rules';

/**
 * An OpenCode rule list in the neutral form: it is already ordered last-match-wins, each rule an
 * action pattern, a resource pattern and an effect; an agent's own rules are scoped to it. Parse
 * with `builtins: false` to carry the file's own rules only (the built-in layers are not the
 * user's to move).
 * @example opencodeToNeutral(rs).rules[0] // { from: 0, action: 'bash', scope: null, subject: 'git *', decision: 'allow', … }
 */
export function opencodeToNeutral(rs: OpencodeRuleSet): NeutralRules {
  return {
    sourceTitle: 'OpenCode',
    rules: rs.rules.map((r) => ({ from: r.index, label: r.label, action: r.action, scope: r.agent, subject: r.resource, subjectPattern: r.resourcePattern, decision: r.decision })),
    fallback: DEFAULT_EFFECT,
    decideCommand: (command) => evaluateOpencode(rs, { action: 'bash', resources: [command] }).decision,
  };
}
