import { parseJson, prop, valueOf } from '../../json/tree';
import type { FileInfo } from '../dialect';

/** Detection reads only this much of a file with a generic name: a path rules file is small. */
const DETECT_MAX_CHARS = 1024 * 1024;

/**
 * `.attesso/paths.json` by name; another `paths.json` by content (version 1 with a `tools` object).
 * @example detectBoundsPaths({ path: 'p/.attesso/paths.json', text: '' }) // 10
 */
export function detectBoundsPaths(file: FileInfo): number {
  const p = file.path.replace(/\\/g, '/');
  if (/(?:^|\/)\.attesso\/paths\.json$/i.test(p)) return 10;
  if (!/(?:^|\/)paths\.json$/i.test(p) || file.text.length > DETECT_MAX_CHARS) return 0;
  const root = parseJson(file.text).root;
  return valueOf(prop(root, 'version')) === 1 && prop(root, 'tools')?.type === 'object' ? 6 : 0;
}
