/**
 * One call an agent might make, in no agent's shape: what a team means when it asks "may the
 * agents run `git push`, read `.env`, fetch this URL?". Each dialect maps it to its own request
 * (`Dialect.neutralRequest`), and its own evaluator decides it.
 */
export type NeutralRequest =
  | { kind: 'shell'; command: string }
  | { kind: 'read'; path: string }
  | { kind: 'write'; path: string }
  | { kind: 'fetch'; url: string }
  | { kind: 'mcp'; server: string; tool: string; input?: Record<string, unknown> };

/** The kinds of neutral request, as people write them in `--request`. */
export const NEUTRAL_KINDS = ['shell', 'read', 'write', 'fetch', 'mcp'] as const;
export type NeutralKind = (typeof NEUTRAL_KINDS)[number];

/** The longest subject (command, path, URL) a neutral request may carry: a bound on every evaluator's input. */
export const MAX_NEUTRAL_SUBJECT = 64 * 1024;

/** The fields `--request` accepts, in the order a message lists them. */
export const NEUTRAL_FIELDS = ['shell', 'read', 'write', 'path', 'access', 'url', 'fetch', 'mcp'] as const;

/**
 * Reads a neutral request from its JSON value: `{"shell": "git push"}`, `{"read": ".env"}`,
 * `{"write": "src/a.ts"}`, `{"path": ".env", "access": "read"|"write"}` (read when absent),
 * `{"url": "https://…"}` (or `fetch`), `{"mcp": {"server": "github", "tool": "create_issue", "input": {…}}}`.
 * Exactly one subject; anything else is an error naming the field.
 * @example readNeutralRequest({ shell: 'git push origin main' }) // { request: { kind: 'shell', command: 'git push origin main' } }
 * @example readNeutralRequest({ path: '.env' }).request // { kind: 'read', path: '.env' }
 */
export function readNeutralRequest(value: unknown): { request?: NeutralRequest; error?: string } {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { error: 'a neutral request must be a JSON object such as {"shell": "git status"}' };
  const obj = value as Record<string, unknown>;
  const unknown = Object.keys(obj).filter((k) => !(NEUTRAL_FIELDS as readonly string[]).includes(k));
  if (unknown.length) return { error: `unknown field "${unknown[0]}" (expected one of ${NEUTRAL_FIELDS.join(', ')})` };
  const subjects = ['shell', 'read', 'write', 'path', 'url', 'fetch', 'mcp'].filter((k) => obj[k] !== undefined);
  if (subjects.length !== 1) return { error: subjects.length ? `give only one of shell, read, write, path, url, mcp (found ${subjects.join(' and ')})` : 'missing the subject: one of "shell", "read", "write", "path", "url", "mcp"' };
  const key = subjects[0];
  if (obj.access !== undefined && key !== 'path') return { error: '"access" goes with "path" only' };
  if (key === 'mcp') return readMcp(obj.mcp);
  const text = obj[key];
  if (typeof text !== 'string' || text === '') return { error: `"${key}" must be a non-empty string` };
  if (text.length > MAX_NEUTRAL_SUBJECT) return { error: `"${key}" is longer than ${MAX_NEUTRAL_SUBJECT} characters` };
  if (key === 'shell') return { request: { kind: 'shell', command: text } };
  if (key === 'url' || key === 'fetch') return { request: { kind: 'fetch', url: text } };
  if (key === 'read' || key === 'write') return { request: { kind: key, path: text } };
  const access = obj.access ?? 'read';
  if (access !== 'read' && access !== 'write') return { error: '"access" must be "read" or "write"' };
  return { request: { kind: access, path: text } };
}

function readMcp(v: unknown): { request?: NeutralRequest; error?: string } {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return { error: '"mcp" must be an object {"server": …, "tool": …, "input"?: {…}}' };
  const m = v as Record<string, unknown>;
  const extra = Object.keys(m).find((k) => !['server', 'tool', 'input'].includes(k));
  if (extra) return { error: `unknown field "mcp.${extra}" (expected server, tool, input)` };
  if (typeof m.server !== 'string' || m.server === '') return { error: '"mcp.server" must be a non-empty string' };
  if (typeof m.tool !== 'string' || m.tool === '') return { error: '"mcp.tool" must be a non-empty string' };
  if (m.input !== undefined && (typeof m.input !== 'object' || m.input === null || Array.isArray(m.input))) return { error: '"mcp.input" must be an object' };
  return { request: { kind: 'mcp', server: m.server, tool: m.tool, ...(m.input ? { input: m.input as Record<string, unknown> } : {}) } };
}

/**
 * The request as one short line for listings and messages.
 * @example describeNeutral({ kind: 'read', path: '.env' }) // 'read .env'
 * @example describeNeutral({ kind: 'shell', command: 'cat .env' }) // 'cat .env'
 */
export function describeNeutral(r: NeutralRequest): string {
  switch (r.kind) {
    case 'shell':
      return r.command;
    case 'read':
    case 'write':
      return `${r.kind} ${r.path}`;
    case 'fetch':
      return `fetch ${r.url}`;
    case 'mcp':
      return `mcp ${r.server}/${r.tool}`;
  }
}

/** What a dialect makes of a neutral request: its own request, or why its agent has no such call to decide. */
export type DialectRequest<Q = unknown> = { request: Q } | { unsupported: string };

/** The most witnesses one rule offers: a pattern with many alternatives is sampled, not expanded. */
export const MAX_WITNESSES_PER_RULE = 8;

/**
 * The literal command a prefix pattern names, or undefined when a wildcard sits inside it:
 * `git push *`, `git push:*` and `git push*` all name `git push`.
 * @example literalPrefix('git push:*') // 'git push'
 * @example literalPrefix('git * --force') // undefined
 */
export function literalPrefix(pattern: string): string | undefined {
  let p = pattern.trim();
  if (p.endsWith(':*')) p = p.slice(0, -2);
  else if (p.endsWith(' *')) p = p.slice(0, -2);
  else if (p.endsWith('*')) p = p.slice(0, -1);
  p = p.trim();
  return p === '' || p.includes('*') || p.includes('?') ? undefined : p;
}
