import { MAX_WITNESSES_PER_RULE, type NeutralRequest } from '../../requests/neutral';
import { shlexJoin } from './shlex';
import type { CodexRule } from './types';

/**
 * The command a `prefix_rule` names: its words, each position's first alternative.
 * @example codexNeutralWitnesses(rs, gitPushRule) // [{ kind: 'shell', command: 'git push' }]
 */
export function codexNeutralWitnesses(_rs: unknown, rule: CodexRule): NeutralRequest[] {
  const words = rule.pattern.map((t) => t.alts[0]);
  if (!words.length || words.some((w) => w === undefined || w === '')) return [];
  return [{ kind: 'shell' as const, command: shlexJoin(words) }].slice(0, MAX_WITNESSES_PER_RULE);
}
