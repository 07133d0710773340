import { literalPrefix, type NeutralRequest } from '../../requests/neutral';
import { commandWitnesses, pathWitnesses } from '../../requests/neutral-witnesses';
import type { OpencodeRule } from './rules';

const WILD = /[*?]/;

/**
 * The neutral calls an OpenCode rule speaks of: a `bash` prefix as that command (and what the
 * knowledge base of programs says it goes on to do), a literal `read` / `edit` path as the read /
 * write of it, a literal `webfetch` URL as its fetch. A rule of one agent's section, a wildcard
 * action or a wildcard inside the pattern gives none.
 * @example opencodeNeutralWitnesses(rs, gitPushDeny)[0] // { kind: 'shell', command: 'git push' }
 */
export function opencodeNeutralWitnesses(_rs: unknown, rule: OpencodeRule): NeutralRequest[] {
  if (rule.agent !== null) return [];
  const subject = rule.resource.trim();
  switch (rule.action) {
    case 'bash': {
      const cmd = literalPrefix(subject);
      return cmd === undefined ? [] : commandWitnesses(cmd);
    }
    case 'read':
    case 'edit':
      return subject === '' || WILD.test(subject) || subject.endsWith('/') ? [] : pathWitnesses(rule.action === 'read' ? 'read' : 'write', subject.replace(/^\.\//, ''));
    case 'webfetch':
      return WILD.test(subject) || !/^https?:\/\//.test(subject) ? [] : [{ kind: 'fetch', url: subject }];
    default:
      return [];
  }
}
