import type { FileInfo } from '../dialect';

export const DETECT_BY_NAME = 10;
/** Above Claude Code's content sniff (6): a `$version` key is written by Qwen Code into its settings files. */
export const DETECT_BY_MARKER = 7;

const BY_NAME = /(?:^|\/)(?:\.qwen\/settings\.json|etc\/qwen-code\/(?:settings|system-defaults)\.json)$/;

/**
 * How sure we are that a file is Qwen Code settings: `.qwen/settings.json` (project or user) and the
 * system files by path, else a JSON file with the `"$version"` number Qwen writes into its files.
 * @example detectQwen({ path: 'p/.qwen/settings.json', text: '' }) // 10
 */
export function detectQwen(file: FileInfo): number {
  const p = file.path.replace(/\\/g, '/');
  if (BY_NAME.test(p)) return DETECT_BY_NAME;
  if (!/\.jsonc?$/i.test(p)) return 0;
  return /^\s*(?:\/\/[^\n]*\n\s*)*\{\s*"\$version"\s*:\s*\d/.test(file.text) ? DETECT_BY_MARKER : 0;
}
