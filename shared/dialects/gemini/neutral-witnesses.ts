import type { NeutralRequest } from '../../requests/neutral';
import { commandWitnesses } from '../../requests/neutral-witnesses';
import { SHELL_TOOL, type GeminiRule } from './types';

/**
 * The command a shell rule's `commandPrefix` names, and what the knowledge base of programs says it
 * goes on to do; other rules (regexes, arguments) give none.
 * @example geminiNeutralWitnesses(rs, gitRule) // [{ kind: 'shell', command: 'git' }]
 */
export function geminiNeutralWitnesses(_rs: unknown, rule: GeminiRule): NeutralRequest[] {
  if (rule.toolName !== SHELL_TOOL || rule.commandPrefix === undefined || rule.commandPrefix.trim() === '') return [];
  return commandWitnesses(rule.commandPrefix.trim());
}
