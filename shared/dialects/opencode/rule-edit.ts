import type { Decision } from '../../model';
import { applyEdits, modify, parseTree, findNodeAtLocation } from 'jsonc-parser';
import type { RuleEdit } from '../dialect';
import type { NeutralRequest } from '../../requests/neutral';
import type { OpencodeRuleSet } from './rules';

/** The permission key and the pattern a neutral call is written with. */
function keyFor(n: NeutralRequest): [string, string] | undefined {
  switch (n.kind) {
    case 'shell':
      return ['bash', `${n.command} *`];
    case 'read':
      return ['read', n.path];
    case 'write':
      return ['edit', n.path];
    case 'fetch':
      return ['webfetch', n.url];
    default:
      return undefined;
  }
}

/**
 * A `permission` entry for a neutral call, added last to its tool's object, so
 * OpenCode's last matching rule is the new one. A tool whose permission is one word
 * (`"bash": "allow"`) is not rewritten: no entry is proposed.
 * @example opencodeRuleEdit(rs, { kind: 'shell', command: 'git push' }, 'deny')?.rule // '"git push *": "deny"'
 */
export function opencodeRuleEdit(rs: OpencodeRuleSet, request: NeutralRequest, decision: Decision): RuleEdit | undefined {
  const key = keyFor(request);
  if (!key || /[*?]/.test(request.kind === 'shell' ? request.command : key[1])) return undefined;
  const text = rs.source.text;
  const root = parseTree(text, [], { allowTrailingComma: true, disallowComments: false });
  if (!root || root.type !== 'object') return undefined;
  const tool = findNodeAtLocation(root, ['permission', key[0]]);
  if (tool && tool.type !== 'object') return undefined;
  if (tool && findNodeAtLocation(tool, [key[1]])) return undefined;
  const after = applyEdits(text, modify(text, ['permission', key[0], key[1]], decision, { formattingOptions: { insertSpaces: true, tabSize: 2, eol: text.includes('\r\n') ? '\r\n' : '\n' } }));
  let start = 0;
  while (start < text.length && start < after.length && text[start] === after[start]) start++;
  let end = 0;
  while (end < text.length - start && end < after.length - start && text[text.length - 1 - end] === after[after.length - 1 - end]) end++;
  return { rule: `${JSON.stringify(key[1])}: ${JSON.stringify(decision)}`, edits: [{ start, end: text.length - end, text: after.slice(start, after.length - end) }] };
}
