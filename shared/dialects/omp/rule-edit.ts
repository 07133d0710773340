import type { Decision } from '../../model';
import type { RuleEdit } from '../dialect';
import type { NeutralRequest } from '../../requests/neutral';
import type { OmpRuleSet } from './rules';

const NATIVE: Record<Decision, string> = { allow: 'allow', ask: 'prompt', deny: 'deny' };
/** The last line of a `bash.patterns` entry this writer appends after (the file ends with the list). */
const LAST_ENTRY_LINE = /\n {6}approval: \w+\n$/;
const HEADER = 'bash:\n  patterns:\n';

/**
 * A `bash.patterns` entry for a command and everything after it (`git push` and `git push *`),
 * appended to a YAML file that is empty or ends with that list. oh-my-pi takes the first
 * applicable entry, so an appended entry decides only what no earlier one does; the caller
 * decides the call again to know whether it does.
 * @example ompRuleEdit(rs, { kind: 'shell', command: 'git push' }, 'deny')?.rule // '"git push" / "git push *": deny'
 */
export function ompRuleEdit(rs: OmpRuleSet, request: NeutralRequest, decision: Decision): RuleEdit | undefined {
  if (request.kind !== 'shell' || /["\\\n*?]/.test(request.command)) return undefined;
  const text = rs.source.text;
  if (text.trim() !== '' && !LAST_ENTRY_LINE.test(text)) return undefined;
  const entry = (match: string) => `    - match: ${JSON.stringify(match)}\n      approval: ${NATIVE[decision]}\n`;
  const added = `${text.trim() === '' ? HEADER : ''}${entry(request.command)}${entry(`${request.command} *`)}`;
  return { rule: `${JSON.stringify(request.command)} / ${JSON.stringify(`${request.command} *`)}: ${NATIVE[decision]}`, edits: [{ start: text.length, end: text.length, text: added }] };
}
