import type { Decision } from '../../model';
import type { RuleEdit } from '../dialect';
import type { NeutralRequest } from '../../requests/neutral';
import { shlexJoin, shlexSplit } from './shlex';
import type { CodexRuleSet } from './types';

const NATIVE: Record<Decision, string> = { allow: 'allow', ask: 'prompt', deny: 'forbidden' };

/**
 * A `prefix_rule` for a shell command and everything longer, appended to the file: Codex lets the
 * strictest matching rule win, so a deny (or prompt) decides the command whatever allows it.
 * @example codexRuleEdit(rs, { kind: 'shell', command: 'git push' }, 'deny')?.rule // 'prefix_rule(pattern=["git", "push"], decision="forbidden")'
 */
export function codexRuleEdit(rs: CodexRuleSet, request: NeutralRequest, decision: Decision): RuleEdit | undefined {
  if (request.kind !== 'shell') return undefined;
  const words = shlexSplit(request.command);
  if (!words?.length || shlexJoin(words) !== request.command) return undefined;
  const rule = `prefix_rule(pattern=[${words.map((w) => JSON.stringify(w)).join(', ')}], decision="${NATIVE[decision]}")`;
  const text = rs.source.text;
  const at = text.length;
  return { rule, edits: [{ start: at, end: at, text: `${text === '' || text.endsWith('\n') ? '' : '\n'}${rule}\n` }] };
}
