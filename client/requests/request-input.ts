import { GENERIC_REQUEST_FIELDS } from '../../shared/requests/fields';

/** A starting point for the "Enter a request…" box, in the dialect's stored-request form. */
const TEMPLATES: Record<string, Record<string, unknown>> = {
  opencode: { action: 'edit', resources: ['src/main.ts'] },
  claude: { tool: 'Bash', command: 'git status' },
  omp: { command: 'git status', mode: 'yolo' },
  'bounds-rules': {
    history: [{ action: 'web.read', subject: 'docs.example', task: 'job-1', trust: 'untrusted', capability: 'read', at: '2026-01-01T10:00:00Z' }],
    proposal: { action: 'mail.send', subject: 'partner@example.com', task: 'job-1', capability: 'send', at: '2026-01-01T10:05:00Z' },
  },
  'bounds-paths': { tool: 'file.read', args: { path: 'src/main.ts' } },
  codex: { command: ['git', 'status'] },
  gemini: { tool: 'run_shell_command', args: { command: 'git status' }, mode: 'default' },
};

export function requestTemplate(dialect: string | null): string {
  return JSON.stringify(TEMPLATES[dialect ?? ''] ?? {});
}

type Check = (req: Record<string, unknown>) => string | undefined;

const isStringArray = (v: unknown): boolean => Array.isArray(v) && v.every((x) => typeof x === 'string');
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Only what a person typing a request gets wrong first; the server reports everything else precisely. */
const CHECKS: Record<string, Check> = {
  opencode: (r) =>
    typeof r.action !== 'string' ? '"action" must be a string, e.g. "edit"'
    : !isStringArray(r.resources) ? '"resources" must be an array of strings, e.g. ["src/main.ts"]'
    : undefined,
  claude: (r) =>
    typeof r.tool !== 'string' ? '"tool" must be a string, e.g. "Bash" or "Read"'
    : !['command', 'path', 'url', 'input'].some((k) => k in r) ? 'give one of "command", "path", "url" or "input"'
    : undefined,
  omp: (r) =>
    typeof r.command !== 'string' ? '"command" must be a string'
    : r.mode !== undefined && !['always-ask', 'write', 'yolo'].includes(r.mode as string) ? '"mode" must be always-ask, write or yolo'
    : undefined,
  'bounds-rules': (r) =>
    !isObject(r.proposal) ? '"proposal" must be a step object {action, subject, task, capability, at}'
    : r.history !== undefined && !Array.isArray(r.history) ? '"history" must be an array of steps'
    : undefined,
  'bounds-paths': (r) =>
    typeof r.tool !== 'string' ? '"tool" must be a string, e.g. "file.read"'
    : !isObject(r.args) ? '"args" must be an object, e.g. {"path": "src/main.ts"}'
    : undefined,
  codex: (r) =>
    typeof r.command !== 'string' && !isStringArray(r.command) ? '"command" must be an argv array, e.g. ["git", "status"], or a string'
    : undefined,
  gemini: (r) =>
    typeof r.tool !== 'string' ? '"tool" must be a string, e.g. "run_shell_command"'
    : r.args !== undefined && !isObject(r.args) ? '"args" must be an object, e.g. {"command": "git status"}'
    : r.mode !== undefined && !['default', 'autoEdit', 'yolo', 'plan'].includes(r.mode as string) ? '"mode" must be default, autoEdit, yolo or plan'
    : undefined,
};

/**
 * Validates the text of a typed request; returns the message to show, or undefined when it can be sent.
 * @example validateRequestText('opencode', '{"action":"edit"}') // '"resources" must be an array …'
 */
export function validateRequestText(dialect: string | null, text: string): string | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return `Not JSON yet: ${(e as Error).message}`;
  }
  if (!isObject(value)) return 'A request is a JSON object';
  return CHECKS[dialect ?? '']?.(value);
}

/** The fields the evaluator reads: stored-request bookkeeping (name, expect, origin, …) removed. */
export function requestFields(value: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) if (!GENERIC_REQUEST_FIELDS.includes(k) || k === 'platform' || k === 'layers') out[k] = v;
  return out;
}

/**
 * A short default name for a request about to be stored.
 * @example summarizeRequest({ action: 'edit', resources: ['src/a.ts'] }) // 'edit src/a.ts'
 */
export function summarizeRequest(r: Record<string, unknown>): string {
  const parts: string[] = [];
  if (typeof r.action === 'string') parts.push(r.action);
  if (Array.isArray(r.resources)) parts.push(r.resources.length ? r.resources.join(', ') : '(no resources)');
  if (typeof r.tool === 'string') parts.push(r.tool);
  for (const k of ['command', 'path', 'url'] as const) if (typeof r[k] === 'string') parts.push(r[k] as string);
  if (isObject(r.proposal)) parts.push(`${String(r.proposal.action ?? '')} ${String(r.proposal.subject ?? '')}`.trim());
  if (isObject(r.args) && typeof r.args.path === 'string') parts.push(r.args.path);
  const s = parts.join(' ').trim() || 'request';
  return s.length > 60 ? s.slice(0, 57) + '…' : s;
}
