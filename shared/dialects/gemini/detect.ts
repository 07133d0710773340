import type { FileInfo } from '../dialect';

export const DETECT_BY_LOCATION = 10;
export const DETECT_BY_CONTENT = 6;

/**
 * How sure we are that a file is a Gemini CLI policy: a `.toml` in a `policies/` folder (or
 * `auto-saved.toml`), or any `.toml` with a `[[rule]]` table naming `toolName` and `decision`.
 * @example detectGemini({ path: '/h/.gemini/policies/a.toml', text: '' }) // 10
 */
export function detectGemini(file: FileInfo): number {
  const p = file.path.replace(/\\/g, '/').toLowerCase();
  if (!p.endsWith('.toml')) return 0;
  if (p.includes('/policies/') || p.startsWith('policies/') || p.endsWith('/auto-saved.toml') || p === 'auto-saved.toml') return DETECT_BY_LOCATION;
  const t = file.text;
  return t.includes('[[rule]]') && t.includes('toolName') && t.includes('decision') ? DETECT_BY_CONTENT : 0;
}
