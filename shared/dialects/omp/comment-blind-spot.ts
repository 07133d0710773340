import { finding, type Finding } from '../../model';
import { matches } from '../../patterns/wildcard';
import { bashDecision, selectRule } from './decide';
import { normalizeWhitespace } from './pattern';
import type { OmpRule, OmpRuleSet } from './rules';

/** The hidden second command of the witness: inert here (never run), plainly destructive in a shell. */
export const HIDDEN_COMMAND = 'rm -rf x';
/** A `#` comment whose `'` opens a quote for the agent's scanner but not for the shell. */
const OPEN = "#'";

/**
 * A command the allow rule lets through in which a `#` comment hides a second command from
 * oh-my-pi's quote tracker, or undefined. The tracker does not know comments: after `#'` it sees a
 * quote open, so the newline that really starts `rm -rf x` looks quoted and no shell control is
 * found. Confirmed by the agent's own selection: the rule is the first applicable one and the bash
 * tool returns its allow.
 * @example commentWitness(rs, rule) // "git status #'\nrm -rf x\n#'" for `git status *` allow
 */
export function commentWitness(rs: OmpRuleSet, rule: OmpRule): string | undefined {
  if (rule.native !== 'allow' || !rule.match.includes('*')) return undefined;
  const hidden = `${OPEN}\n${HIDDEN_COMMAND}\n${OPEN}`;
  const lastStar = rule.match.lastIndexOf('*');
  const head = rule.match.slice(0, lastStar).replace(/\*/g, 'x');
  const tail = rule.match.slice(lastStar + 1).replace(/\*/g, 'x');
  // The hidden part takes the place of the last star; a space keeps the comment a word of its own.
  const command = `${head}${head === '' || head.endsWith(' ') ? '' : ' '}${hidden}${tail ? ` ${tail}` : ''}`;
  if (!matches(rule.matcher, normalizeWhitespace(command))) return undefined;
  const sel = selectRule(rs.rules, command);
  if (sel.selected !== rule || bashDecision(sel.selected, command).step !== 'allow-rule') return undefined;
  return command;
}

/**
 * `comment-hides-command`: allow rules wider than they look, because a `#` comment can hide a
 * second command from the check that keeps allow rules away from compound commands.
 * @example commentBlindSpotFindings(rs).map((f) => f.witness) // ["git status #'\nrm -rf x\n#'"]
 */
export function commentBlindSpotFindings(rs: OmpRuleSet): Finding[] {
  const out: Finding[] = [];
  for (const r of rs.rules) {
    const w = commentWitness(rs, r);
    if (w === undefined) continue;
    out.push(finding('comment-hides-command', 'warning', `"${r.match}" also allows a second command hidden behind a # comment: oh-my-pi's quote tracker does not know comments, so in ${JSON.stringify(w)} the newline looks quoted and this allow applies, while the shell runs "${HIDDEN_COMMAND}"`, r.matchRange, {
      witness: w,
      data: { rule: r.index },
    }));
  }
  return out;
}
