import type { Decision } from '../../shared/model';
import type { OpencodeRequest, OpencodeRuleSet } from '../../shared/dialects/opencode';

/**
 * OpenCode's documented wildcard match, as the agent runs it: a fresh RegExp built from the
 * pattern on every call (`*` → `.*`, `?` → `.`, a trailing ` .*` made optional, flag `s`).
 */
export function agentMatch(str: string, pattern: string): boolean {
  const s = str.replaceAll('\\', '/');
  let escaped = pattern
    .replaceAll('\\', '/')
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\*/g, '.*')
    .replace(/\?/g, '.');
  if (escaped.endsWith(' .*')) escaped = escaped.slice(0, -3) + '( .*)?';
  return new RegExp('^' + escaped + '$', 's').test(s);
}

/** The agent's evaluation: per resource a scan from the last rule down to the first match; any deny wins, then any ask. */
export function agentEvaluate(rs: OpencodeRuleSet, req: OpencodeRequest): { decision: Decision; rule: number } {
  let ask = -2;
  let allow = -2;
  for (const resource of req.resources) {
    let hit = -1;
    for (let i = rs.rules.length - 1; i >= 0; i--) {
      const r = rs.rules[i];
      if (agentMatch(req.action, r.action) && agentMatch(resource, r.resource)) {
        hit = i;
        break;
      }
    }
    const d = hit >= 0 ? rs.rules[hit].decision : 'ask';
    if (d === 'deny') return { decision: 'deny', rule: hit };
    if (d === 'ask' && ask === -2) ask = hit;
    if (d === 'allow' && allow === -2) allow = hit;
  }
  if (req.resources.length === 0) return { decision: 'allow', rule: -1 };
  return ask !== -2 ? { decision: 'ask', rule: ask } : { decision: 'allow', rule: allow };
}
