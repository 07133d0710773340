import type { FileInfo } from '../dialect';

/**
 * How sure we are that a file is an OpenCode config: by name first, then by content
 * (`permission`/`permissions` shaped as OpenCode writes them).
 * @example detectOpencode({ path: 'x/opencode.json', text: '{}' }) // 10
 */
export function detectOpencode(file: FileInfo): number {
  const p = file.path.replace(/\\/g, '/');
  if (/(?:^|\/)(?:\.opencode\/)?opencode\.jsonc?$/i.test(p)) return 10;
  if (!/\.jsonc?$/i.test(p)) return 0;
  const head = file.text.slice(0, 4096);
  if (/opencode\.ai\/config\.json/.test(head)) return 8;
  if (/"permissions"\s*:\s*\[/.test(file.text) && /"effect"\s*:/.test(file.text)) return 5;
  if (/"permission"\s*:\s*(?:\{|")/.test(file.text)) return 3;
  return 0;
}
