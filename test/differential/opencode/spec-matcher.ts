// The spec's last-match rule, written independently of the engine, so the differential tests
// compare OpenCode's own list with what RuleLens makes of it through a second reading.
import { rulesFor } from '../../../shared/dialects/opencode/evaluate';
import { expandHome } from '../../../shared/dialects/opencode/parse';
import type { OpencodeRuleSet } from '../../../shared/dialects/opencode/rules';
import type { OracleRule } from './oracle';

/** RuleLens's effective list for `agent`, in the shape `opencode debug agent` prints. */
export function ours(rs: OpencodeRuleSet, agent: string, home: string): OracleRule[] {
  return rulesFor(rs, agent).map((r) => ({ permission: r.action, pattern: r.form === 'v1' ? expandHome(r.resource, home) : r.resource, action: r.decision }));
}

/** The spec's matcher: anchored, `*` any run, `?` one character, final " *" optional. */
export function wildcard(input: string, pattern: string): boolean {
  const s = input.replace(/\\/g, '/');
  let re = pattern.replace(/\\/g, '/').replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/\?/g, '.');
  if (re.endsWith(' .*')) re = `${re.slice(0, -3)}( .*)?`;
  return new RegExp(`^${re}$`, 's').test(s);
}

/** The decision the last rule matching both names gives; `ask` when none does. */
export function lastMatch(list: OracleRule[], action: string, resource: string): string {
  for (let i = list.length - 1; i >= 0; i--) if (wildcard(action, list[i].permission) && wildcard(resource, list[i].pattern)) return list[i].action;
  return 'ask';
}
