import { finding, type Finding } from '../../model';
import { GLOB_SYNTAX, literalGlobWitness } from '../../patterns/literal-glob';
import { selectRule } from './decide';
import { normalizeWhitespace } from './pattern';
import type { OmpRule, OmpRuleSet } from './rules';

/** A command this rule applies to, built from its own text: what it really matches. */
function literalSample(rule: OmpRule): string | undefined {
  return [rule.match.replace(/\*+/g, 'a'), rule.match.replace(/\*/g, '')]
    .map(normalizeWhitespace)
    .find((c) => c !== '' && selectRule([rule], c).selected === rule);
}

/**
 * `literal-glob-syntax` for omp: `match` texts using a globstar folder, `{a,b}`, `[abc]` or a
 * leading `!`, which the agent compares as plain text. The witness is a command a glob user expects the rule to
 * cover and the agent's own selection, run on the rule alone, does not apply it to.
 * @example literalGlobFindings(rules([['git {push,pull} *', 'deny']]))[0].witness // 'git push'
 */
export function literalGlobFindings(rs: OmpRuleSet): Finding[] {
  const out: Finding[] = [];
  for (const r of rs.rules) {
    if (!GLOB_SYNTAX.test(r.match)) continue;
    const witness = literalGlobWitness(r.match, (c) => selectRule([r], c).selected === r, { words: true, accepts: (c) => c !== '' && c === normalizeWhitespace(c) });
    const sample = literalSample(r);
    const really = r.match.startsWith('!') ? 'starts with "!", which omp reads as plain text, not as a negation' : 'uses glob syntax that omp reads as plain text (only * is a wildcard)';
    const parts = [witness !== undefined ? `it does not apply to "${witness}"${r.match.startsWith('!') ? ', which a negation would cover' : ''}` : undefined, sample !== undefined ? `it applies to e.g. "${sample}"` : undefined].filter(Boolean);
    out.push(finding('literal-glob-syntax', 'warning', `"${r.match}" ${really}${parts.length ? `: ${parts.join('; ')}` : ''}`, r.matchRange, {
      ...(witness !== undefined ? { witness } : {}),
      data: { rule: r.index, ...(sample !== undefined ? { matches: sample } : {}) },
    }));
  }
  return out;
}
