import type { FileInfo } from '../dialect';

export const DETECT_BY_LOCATION = 10;
export const DETECT_BY_CONTENT = 6;

/**
 * How sure we are that a file is Amp settings: `.amp/settings.json(c)` or `~/.config/amp/settings.json(c)`,
 * or a JSON file with a top-level `"amp.permissions"` / `"amp.dangerouslyAllowAll"` key.
 * @example detectAmp({ path: 'p/.amp/settings.json', text: '{}' }) // 10
 */
export function detectAmp(file: FileInfo): number {
  const p = file.path.replace(/\\/g, '/');
  if (/(?:^|\/)\.amp\/settings\.jsonc?$/.test(p) || /(?:^|\/)\.config\/amp\/settings\.jsonc?$/.test(p)) return DETECT_BY_LOCATION;
  if (!/\.jsonc?$/i.test(p)) return 0;
  return /"amp\.(?:permissions|dangerouslyAllowAll|guardedFiles\.allowlist)"\s*:/.test(file.text) ? DETECT_BY_CONTENT : 0;
}
