import { parseJson, prop, valueOf } from '../../json/tree';
import type { FileInfo } from '../dialect';

/** Detection reads only this much of a file with a generic name: a rule file is small. */
export const DETECT_MAX_CHARS = 1024 * 1024;

function slashed(p: string): string {
  return p.replace(/\\/g, '/');
}

/**
 * `.attesso/rules.json` by name; any other `rules.json` by content (`{"version": 1, "rules": [...]}`
 * with at least one `deny` object).
 * @example detectBoundsRules({ path: 'p/.attesso/rules.json', text: '' }) // 10
 */
export function detectBoundsRules(file: FileInfo): number {
  const p = slashed(file.path);
  if (/(?:^|\/)\.attesso\/rules\.json$/i.test(p)) return 10;
  if (!/(?:^|\/)rules\.json$/i.test(p) || file.text.length > DETECT_MAX_CHARS) return 0;
  const root = parseJson(file.text).root;
  if (valueOf(prop(root, 'version')) !== 1) return 0;
  const rules = prop(root, 'rules');
  if (rules?.type !== 'array') return 0;
  return (rules.children ?? []).some((r) => prop(r, 'deny')?.type === 'object') ? 6 : 0;
}
