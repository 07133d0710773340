import type { Decision } from '../../model';
import type { RuleEdit } from '../dialect';
import type { NeutralRequest } from '../../requests/neutral';
import { addRuleEdits } from './fixes';
import type { ClaudeRuleSet } from './types';

/**
 * The Claude Code rule for a neutral call, added to `permissions.<decision>`: a deny wins over every
 * allow of every layer, an ask over every allow. A command becomes a prefix rule
 * (`Bash(git push:*)`), a path a rule on it from the project (`Read(./.env)`).
 * @example claudeRuleEdit(rs, { kind: 'shell', command: 'git push' }, 'deny')?.rule // 'Bash(git push:*)'
 */
export function claudeRuleEdit(rs: ClaudeRuleSet, request: NeutralRequest, decision: Decision): RuleEdit | undefined {
  const rule = claudeRuleFor(request);
  if (!rule) return undefined;
  return { rule, edits: addRuleEdits(rs.source.text, decision, [rule]) };
}

function claudeRuleFor(n: NeutralRequest): string | undefined {
  switch (n.kind) {
    case 'shell':
      return /[()]/.test(n.command) ? undefined : `Bash(${n.command}:*)`;
    case 'read':
    case 'write':
      return /[()*?[\]{}]/.test(n.path) || n.path.startsWith('/') ? undefined : `${n.kind === 'read' ? 'Read' : 'Edit'}(./${n.path.replace(/^\.\//, '')})`;
    case 'fetch': {
      const host = /^https?:\/\/([^/:?#]+)/.exec(n.url)?.[1];
      return host ? `WebFetch(domain:${host})` : undefined;
    }
    case 'mcp':
      return `mcp__${n.server}__${n.tool}`;
  }
}
