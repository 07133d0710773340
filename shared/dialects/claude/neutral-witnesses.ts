import { literalPrefix, MAX_WITNESSES_PER_RULE, type NeutralRequest } from '../../requests/neutral';
import { commandWitnesses, pathWitnesses } from '../../requests/neutral-witnesses';
import type { ClaudeRule } from './types';

/**
 * The neutral calls a Claude Code rule speaks of: a Bash prefix as that command (and what the
 * knowledge base of programs says it goes on to do), a Read or Edit path as the read / write of it
 * (and `cat` of a read path, the way another agent reads it), a
 * WebFetch domain as a fetch, an MCP tool as its call. Patterns with a wildcard inside give none.
 * @example claudeNeutralWitnesses(rs, readEnvRule) // [{ kind: 'read', path: '.env' }, { kind: 'shell', command: 'cat .env' }]
 */
export function claudeNeutralWitnesses(_rs: unknown, rule: ClaudeRule): NeutralRequest[] {
  const m = rule.matcher;
  const out: NeutralRequest[] = [];
  if (m.kind === 'bash' && rule.specifier !== null) {
    const cmd = literalPrefix(rule.specifier);
    if (cmd !== undefined) out.push(...commandWitnesses(cmd));
  } else if (m.kind === 'path' && (m.anchor === 'cwd' || m.anchor === 'source') && !/[*?[\]{}]/.test(m.body)) {
    const p = m.body.replace(/^\/+/, '');
    if (p && !p.endsWith('/')) out.push(...pathWitnesses(m.family === 'read' ? 'read' : 'write', p));
  } else if (m.kind === 'domain' && !m.pattern.source.includes('*')) {
    out.push({ kind: 'fetch', url: `https://${m.pattern.source}/` });
  } else if (m.kind === 'mcp' && m.tool !== null) {
    out.push({ kind: 'mcp', server: m.server, tool: m.tool });
  }
  return out.slice(0, MAX_WITNESSES_PER_RULE);
}
