import type { FileInfo } from '../dialect';

export const DETECT_BY_LOCATION = 10;
/** Above Claude Code's content score (6): `Shell(`/`Mcp(` entries or `editor.vimMode` are Cursor's alone (`WebFetch(` is Claude's too). */
export const DETECT_BY_CONTENT = 7;

const BY_NAME = /(?:^|\/)(?:\.cursor\/cli\.json|\.cursor\/cli-config\.json|cursor\/cli-config\.json)$/i;

/**
 * How sure we are that a file is a Cursor CLI config: `.cursor/cli.json` (project),
 * `~/.cursor/cli-config.json` (global), or a JSON file whose permissions use `Shell(…)` entries
 * or which sets `editor.vimMode`.
 * @example detectCursor({ path: 'p/.cursor/cli.json', text: '{}' }) // 10
 */
export function detectCursor(file: FileInfo): number {
  const p = file.path.replace(/\\/g, '/');
  if (BY_NAME.test(p)) return DETECT_BY_LOCATION;
  // A file in Claude Code's own folder is Claude's, whatever its entries look like.
  if (/(?:^|\/)\.claude\//.test(p)) return 0;
  if (!/\.jsonc?$/i.test(p) || !/"permissions"\s*:/.test(file.text)) return 0;
  let v: unknown;
  try {
    v = JSON.parse(file.text);
  } catch {
    return 0;
  }
  if (!v || typeof v !== 'object') return 0;
  const o = v as { permissions?: Record<string, unknown>; editor?: Record<string, unknown> };
  const perms = o.permissions;
  if (!perms || typeof perms !== 'object' || 'ask' in perms) return 0;
  const lists = [perms.allow, perms.deny].filter((x) => x !== undefined);
  if (!lists.every(Array.isArray)) return 0;
  const items = (lists as unknown[][]).flat();
  const shell = items.some((s) => typeof s === 'string' && /^(?:Shell|Mcp)\(/.test(s));
  return shell || (o.editor && typeof o.editor === 'object' && 'vimMode' in o.editor) ? DETECT_BY_CONTENT : 0;
}
