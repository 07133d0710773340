import type { NeutralRequest } from '../../requests/neutral';
import { commandWitnesses } from '../../requests/neutral-witnesses';
import { shlexJoin } from './shlex';
import type { CodexRule } from './types';

/**
 * The command a `prefix_rule` names (its words, each position's first alternative), and what the
 * knowledge base of programs says it goes on to do.
 * @example codexNeutralWitnesses(rs, gitPushRule) // [{ kind: 'shell', command: 'git push' }]
 */
export function codexNeutralWitnesses(_rs: unknown, rule: CodexRule): NeutralRequest[] {
  const words = rule.pattern.map((t) => t.alts[0]);
  if (!words.length || words.some((w) => w === undefined || w === '')) return [];
  return commandWitnesses(shlexJoin(words));
}
