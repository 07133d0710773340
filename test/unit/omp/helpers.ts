import { parseOmp } from '../../../shared/dialects/omp';
import type { OmpRuleSet } from '../../../shared/dialects/omp';

/** A rule set in the classification-free JSON form from (match, approval) pairs; an approval may be any text, valid or not. */
export function rules(pairs: Array<[string, string]>, extra: Record<string, unknown> = {}): OmpRuleSet {
  const text = JSON.stringify({ bash: { patterns: pairs.map(([match, approval]) => ({ match, approval })) }, ...extra }, null, 2);
  return parseOmp({ path: 'settings.json', text });
}
