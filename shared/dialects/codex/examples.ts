import { finding, type Finding } from '../../model';
import { lookups, prefixMatches } from './match';
import type { CodexExample, CodexRuleSet } from './types';

/**
 * Whether an example is matched by the rules of its own call (with host-executable resolution),
 * as Codex checks examples at load.
 * @example exampleMatched(rs, rs.examples[0]) // true
 */
export function exampleMatched(rs: CodexRuleSet, ex: CodexExample): boolean {
  const own = rs.rules.filter((r) => r.call === ex.call);
  return lookups(rs, own, ex.command).some((l) => own.some((r) => prefixMatches(r, l.argv)));
}

/**
 * Codex refuses a file whose examples fail: a `match` example no rule of its call matches, or a
 * `not_match` example one does. One error per failing example, at the example.
 * @example checkExamples(rs).map((f) => f.message)
 */
export function checkExamples(rs: CodexRuleSet): Finding[] {
  const out: Finding[] = [];
  for (const ex of rs.examples) {
    const matched = exampleMatched(rs, ex);
    if (ex.kind === 'match' && !matched) {
      out.push(finding('codex-example-failed', 'error', `match example "${ex.text}" is not matched by this rule: Codex refuses to load the file`, ex.range, { witness: ex.text }));
    } else if (ex.kind === 'not_match' && matched) {
      out.push(finding('codex-example-failed', 'error', `not_match example "${ex.text}" is matched by this rule: Codex refuses to load the file`, ex.range, { witness: ex.text }));
    }
  }
  return out;
}
