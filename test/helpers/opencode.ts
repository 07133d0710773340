import { parseOpencode } from '../../shared/dialects/opencode';
import type { OpencodeRequest, OpencodeRuleSet } from '../../shared/dialects/opencode';
import { evaluateOpencode } from '../../shared/dialects/opencode';

/** A rule set from V2 triples: `rules(['edit', '*', 'ask'], …)`. */
export function v2(...triples: Array<[string, string, string]>): OpencodeRuleSet {
  const permissions = triples.map(([action, resource, effect]) => ({ action, resource, effect }));
  return parseOpencode({ path: 'opencode.json', text: JSON.stringify({ permissions }) }, { home: '/home/u', builtins: false });
}

export function decide(rs: OpencodeRuleSet, req: OpencodeRequest) {
  return evaluateOpencode(rs, req);
}

/** The paper's rule set: edit * ask, edit docs/* allow, edit secrets/* deny. */
export const SEED = (): OpencodeRuleSet => v2(['edit', '*', 'ask'], ['edit', 'docs/*', 'allow'], ['edit', 'secrets/*', 'deny']);
