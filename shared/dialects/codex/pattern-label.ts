import type { PatternToken } from './types';

/**
 * Renders a pattern for people: `git [status|log] -s`.
 * @example patternLabel([{ alts: ['git'] }, { alts: ['status', 'log'] }]) // 'git [status|log]'
 */
export function patternLabel(pattern: readonly PatternToken[]): string {
  return pattern.map((t) => (t.alts.length === 1 ? t.alts[0] : `[${t.alts.join('|')}]`)).join(' ');
}
