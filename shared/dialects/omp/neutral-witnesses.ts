import { literalPrefix, type NeutralRequest } from '../../requests/neutral';
import { commandWitnesses } from '../../requests/neutral-witnesses';
import type { OmpRule } from './rules';

/**
 * The neutral calls an oh-my-pi `bash.patterns` entry speaks of: the command its `match` names
 * before any wildcard, and what the knowledge base of programs says it goes on to do.
 * @example ompNeutralWitnesses(rs, gitPushDeny)[0] // { kind: 'shell', command: 'git push' }
 */
export function ompNeutralWitnesses(_rs: unknown, rule: OmpRule): NeutralRequest[] {
  const cmd = literalPrefix(rule.match);
  return cmd === undefined ? [] : commandWitnesses(cmd);
}
