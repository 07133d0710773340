import type { Node } from 'jsonc-parser';
import { finding, type Finding, type SourceText } from '../../model';
import { properties, prop, rangeOf, typeName } from '../../json/tree';
import { isGenericField } from '../../requests/fields';
import { shlexJoin, shlexSplit } from './shlex';
import type { CodexRequest } from './types';

export const CODEX_REQUEST_FIELDS = ['command', 'fallback', 'approval'] as const;
const FALLBACKS = ['allow', 'prompt', 'forbidden'];
const APPROVALS = ['untrusted', 'on-failure', 'on-request', 'never'];

/**
 * Reads a Codex request: `command` is an argv array, or a string split like a POSIX shell.
 * @example readCodexRequest(node, src).request // { command: ['git', 'status'] }
 */
export function readCodexRequest(obj: Node, source: SourceText): { request?: CodexRequest; findings: Finding[] } {
  const findings: Finding[] = [];
  const bad = (node: Node, message: string) => findings.push(finding('request-invalid', 'error', message, rangeOf(source, node)));
  for (const p of properties(obj)) {
    if (!isGenericField(p.key) && !(CODEX_REQUEST_FIELDS as readonly string[]).includes(p.key)) {
      bad(p.keyNode, `unknown field "${p.key}" for a codex request (expected ${CODEX_REQUEST_FIELDS.join(', ')})`);
    }
  }
  const cmd = prop(obj, 'command');
  let command: string[] | undefined;
  if (!cmd) bad(obj, 'missing "command" (an argv array like ["git", "status"], or a string split like a shell)');
  else if (cmd.type === 'string') {
    command = shlexSplit(cmd.value);
    if (!command) bad(cmd, '"command" has an unterminated quote or a trailing backslash');
    else if (command.length === 0) bad(cmd, '"command" is empty');
  } else if (cmd.type === 'array') {
    command = [];
    for (const w of cmd.children ?? []) {
      if (w.type !== 'string') bad(w, `"command" words must be strings, found ${typeName(w)}`);
      else command.push(w.value);
    }
    if (command.length === 0) bad(cmd, '"command" is empty');
  } else bad(cmd, `"command" must be an array of strings or a string, found ${typeName(cmd)}`);
  const fallback = prop(obj, 'fallback');
  if (fallback && (fallback.type !== 'string' || !FALLBACKS.includes(fallback.value))) bad(fallback, `"fallback" must be one of ${FALLBACKS.join(', ')} (what Codex's heuristics decide when no rule matches)`);
  const approval = prop(obj, 'approval');
  if (approval && (approval.type !== 'string' || !APPROVALS.includes(approval.value))) bad(approval, `"approval" must be one of ${APPROVALS.join(', ')}`);
  if (findings.length || !command) return { findings };
  const request: CodexRequest = { command };
  if (fallback) request.fallback = fallback.value;
  if (approval) request.approval = approval.value;
  return { request, findings };
}

/** @example describeCodexRequest({ command: ['git', 'status'] }) // 'git status' */
export function describeCodexRequest(r: CodexRequest): string {
  return shlexJoin(r.command) + (r.approval ? ` (approval ${r.approval})` : '');
}
