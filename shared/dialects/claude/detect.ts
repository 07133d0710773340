import type { FileInfo } from '../dialect';

/** Detection scores: a settings file by name, or a JSON file whose `permissions` look like Claude rules. */
export const DETECT_BY_NAME = 10;
export const DETECT_BY_CONTENT = 6;

const BY_NAME = /(?:^|\/)(?:\.claude\/settings(?:\.local)?\.json|managed-settings\.json|managed-settings\.d\/[^/]+\.json)$/i;
const RULE_SHAPE = /^(?:[A-Z][A-Za-z]*|mcp__[\w*-]+)(?:\(.*\))?$/s;

/**
 * How sure we are that a file is Claude Code settings: by name first, then by content.
 * @example detectClaude({ path: 'p/.claude/settings.json', text: '{}' }) // 10
 */
export function detectClaude(file: FileInfo): number {
  const p = file.path.replace(/\\/g, '/');
  if (BY_NAME.test(p)) return DETECT_BY_NAME;
  if (!/\.jsonc?$/i.test(p) || !/"permissions"\s*:\s*\{/.test(file.text)) return 0;
  let perms: unknown;
  try {
    perms = (JSON.parse(file.text) as { permissions?: unknown }).permissions;
  } catch {
    return 0;
  }
  if (!perms || typeof perms !== 'object') return 0;
  const lists = ['allow', 'ask', 'deny'].map((k) => (perms as Record<string, unknown>)[k]).filter((v) => v !== undefined);
  if (lists.length === 0 || !lists.every(Array.isArray)) return 0;
  const items = (lists as unknown[][]).flat();
  return items.length > 0 && items.every((s) => typeof s === 'string' && RULE_SHAPE.test(s)) ? DETECT_BY_CONTENT : 0;
}
