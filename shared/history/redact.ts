/** What a secret is replaced with. */
export const REDACTED = '[REDACTED]';

/**
 * Secret shapes found in tool arguments. Each keeps its first group (the label: `TOKEN=`,
 * `--password `, `Bearer `) and replaces the rest, so a reader still sees what was there; a shape
 * that is a secret on its own (`unlabelled`) is replaced whole.
 */
const PATTERNS: ReadonlyArray<{ name: string; re: RegExp; unlabelled?: true }> = [
  { name: 'private key', re: /(-----BEGIN [A-Z ]*PRIVATE KEY-----)[\s\S]*?-----END [A-Z ]*PRIVATE KEY-----/g },
  { name: 'authorization header', re: /(\b(?:authorization|proxy-authorization|x-api-key|api-key)\s*:\s*(?:(?:bearer|basic|token)\s+)?)("[^"]*"|'[^']*'|[^\s'"]+)/gi },
  { name: 'bearer token', re: /(\bbearer\s+)([\w.~+/=-]{8,})/gi },
  { name: 'url credentials', re: /(\b[a-z][a-z0-9+.-]*:\/\/[^\s/:@]+:)([^\s@/]+)(?=@)/gi },
  { name: 'secret query parameter', re: /([?&](?:access_token|token|api_key|apikey|key|secret|password|sig|signature|client_secret)=)([^&\s#'"]+)/gi },
  { name: 'secret variable', re: /(\b\w*(?:TOKEN|SECRET|PASSWORD|PASSWD|API_KEY|APIKEY|ACCESS_KEY|PRIVATE_KEY|CREDENTIAL)\w*\s*=\s*)("[^"]*"|'[^']*'|[^\s'"&;|]+)/gi },
  { name: 'secret option', re: /((?:^|\s)--?(?:password|passwd|pass|token|secret|api-key|apikey|auth-token|access-token|client-secret)(?:=|\s+))("[^"]*"|'[^']*'|[^\s'"]+)/gi },
  { name: 'basic auth option', re: /((?:^|\s)(?:-u|--user)\s+[^\s:]+:)("[^"]*"|'[^']*'|[^\s'"]+)/g },
  { name: 'AWS access key', re: /\b(?:AKIA|ASIA)[A-Z0-9]{16}\b/g, unlabelled: true },
  { name: 'GitHub token', re: /\b(?:gh[pousr]_[A-Za-z0-9]{30,}|github_pat_\w{20,})\b/g, unlabelled: true },
  { name: 'API key', re: /\b(?:sk-[\w-]{20,}|xox[abprs]-[A-Za-z0-9-]{10,}|AIza[\w-]{35}|glpat-[\w-]{20,}|npm_[A-Za-z0-9]{36})/g, unlabelled: true },
  { name: 'JSON web token', re: /\beyJ[\w-]{8,}\.[\w-]{8,}\.[\w-]{8,}/g, unlabelled: true },
];

/**
 * A string with every secret-shaped part replaced by `[REDACTED]`.
 * @example redactText('curl -H "Authorization: Bearer abc123456789" https://x') // 'curl -H "Authorization: Bearer [REDACTED]" https://x'
 * @example redactText('GITHUB_TOKEN=ghp_x npm publish') // 'GITHUB_TOKEN=[REDACTED] npm publish'
 */
export function redactText(s: string): string {
  let out = s;
  for (const { re, unlabelled } of PATTERNS) out = out.replace(re, unlabelled ? () => REDACTED : (_m, label: string) => `${label}${REDACTED}`);
  return out;
}

/**
 * A JSON value with every string redacted (keys kept); `changed` says whether anything was.
 * @example redactValue({ command: 'TOKEN=x y' }).value // { command: 'TOKEN=[REDACTED] y' }
 */
export function redactValue<T>(v: T): { value: T; changed: boolean } {
  let changed = false;
  const walk = (x: unknown, depth: number): unknown => {
    if (typeof x === 'string') {
      const r = redactText(x);
      if (r !== x) changed = true;
      return r;
    }
    if (x === null || typeof x !== 'object') return x;
    if (depth > MAX_DEPTH) {
      // Too deep to walk safely: drop it rather than keep a secret unseen.
      changed = true;
      return REDACTED;
    }
    if (Array.isArray(x)) return x.map((e) => walk(e, depth + 1));
    return Object.fromEntries(Object.entries(x).map(([k, e]) => [k, walk(e, depth + 1)]));
  };
  const value = walk(v, 0) as T;
  return { value, changed };
}

/** Nesting beyond this is replaced whole (tool inputs are shallow; this only guards hostile input). */
const MAX_DEPTH = 32;
