import type { Decision } from '../../model';
import type { RuleEdit } from '../dialect';
import type { NeutralRequest } from '../../requests/neutral';
import { SHELL_TOOL, type GeminiRuleSet } from './types';

/** Gemini's highest priority within a tier. */
const MAX_PRIORITY = 999;

/**
 * A shell rule for a command prefix, appended to the file at a priority above
 * every rule of it, so Gemini's first match by priority is the new rule.
 * @example geminiRuleEdit(rs, { kind: 'shell', command: 'git push' }, 'deny')?.rule // 'run_shell_command "git push" → deny (priority 101)'
 */
export function geminiRuleEdit(rs: GeminiRuleSet, request: NeutralRequest, decision: Decision): RuleEdit | undefined {
  if (request.kind !== 'shell' || /["\\\n]/.test(request.command)) return undefined;
  const own = rs.rules.filter((r) => r.file === undefined && r.layer === undefined);
  const priority = Math.min(MAX_PRIORITY, Math.max(0, ...own.map((r) => r.priority)) + 1);
  const native = decision === 'ask' ? 'ask_user' : decision;
  const block = `[[rule]]\ntoolName = "${SHELL_TOOL}"\ncommandPrefix = ${JSON.stringify(request.command)}\ndecision = "${native}"\npriority = ${priority}\n`;
  const text = rs.source.text;
  const at = text.length;
  const sep = text === '' ? '' : text.endsWith('\n\n') ? '' : text.endsWith('\n') ? '\n' : '\n\n';
  return { rule: `run_shell_command ${JSON.stringify(request.command)} → ${native} (priority ${priority})`, edits: [{ start: at, end: at, text: sep + block }] };
}
