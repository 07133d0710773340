import type { AgreeEdit } from '../dialect';
import type { NeutralRequest } from '../../requests/neutral';
import { shlexJoin, shlexSplit } from './shlex';
import type { CodexRuleSet } from './types';

/**
 * A `prefix_rule` forbidding (or prompting for) a shell command and everything longer, appended to
 * the file: Codex lets the strictest matching rule win, so it decides the command whatever allows it.
 * @example codexAgreeEdit(rs, { kind: 'shell', command: 'git push' }, 'deny')?.rule // 'prefix_rule(pattern=["git", "push"], decision="forbidden")'
 */
export function codexAgreeEdit(rs: CodexRuleSet, request: NeutralRequest, decision: 'deny' | 'ask'): AgreeEdit | undefined {
  if (request.kind !== 'shell') return undefined;
  const words = shlexSplit(request.command);
  if (!words?.length || shlexJoin(words) !== request.command) return undefined;
  const rule = `prefix_rule(pattern=[${words.map((w) => JSON.stringify(w)).join(', ')}], decision="${decision === 'deny' ? 'forbidden' : 'prompt'}")`;
  const text = rs.source.text;
  const at = text.length;
  return { rule, edits: [{ start: at, end: at, text: `${text === '' || text.endsWith('\n') ? '' : '\n'}${rule}\n` }] };
}
