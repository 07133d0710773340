import type { FileInfo } from '../dialect';

export const DETECT_BY_LOCATION = 10;
export const DETECT_BY_EXTENSION = 7;

/**
 * How sure we are that a file is a Codex exec policy: a `.rules` file in a `rules/` folder, any
 * `.rules` file that calls `prefix_rule`, a `requirements.toml` with `[rules] prefix_rules`, or a
 * stale `.codexpolicy` file.
 * @example detectCodex({ path: '/p/.codex/rules/default.rules', text: '' }) // 10
 */
export function detectCodex(file: FileInfo): number {
  const p = file.path.replace(/\\/g, '/').toLowerCase();
  if (p.endsWith('.codexpolicy')) return DETECT_BY_LOCATION;
  // An admin's requirements.toml: only its [rules] table is exec policy.
  if (p === 'requirements.toml' || p.endsWith('/requirements.toml')) return p.includes('codex') || file.text.includes('prefix_rules') ? DETECT_BY_LOCATION : 0;
  if (!p.endsWith('.rules')) return 0;
  if (p.includes('/rules/') || p.startsWith('rules/')) return DETECT_BY_LOCATION;
  return file.text.includes('prefix_rule') || file.text.includes('host_executable') ? DETECT_BY_EXTENSION : 0;
}
