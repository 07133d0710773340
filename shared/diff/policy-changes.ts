import type { RuleSet } from '../model';

/** One other file of a policy that differs between the base and now. */
export interface PolicyChange {
  path: string;
  /** The layer for people ("local settings", "rules folder"). */
  layer: string;
  change: 'changed' | 'added' | 'removed';
}

/**
 * The policy's other files (of either version) whose text differs between the base and now: what,
 * beside the file itself, the flips of a comparison may come from.
 * @example policyChanges(baseRs, currentRs, baseTree.readFile, readText) // [{ path: '/p/.claude/settings.local.json', layer: 'local settings', change: 'changed' }]
 */
export function policyChanges(base: RuleSet, current: RuleSet, readBase: (p: string) => string | undefined, readNow: (p: string) => string | undefined): PolicyChange[] {
  const layers = new Map<string, string>();
  for (const m of [...(current.members ?? []), ...(base.members ?? [])]) if (m.path !== current.path && !layers.has(m.path)) layers.set(m.path, m.layer);
  const out: PolicyChange[] = [];
  for (const [p, layer] of layers) {
    const before = readBase(p);
    const now = readNow(p);
    if (before === now) continue;
    out.push({ path: p, layer, change: before === undefined ? 'added' : now === undefined ? 'removed' : 'changed' });
  }
  return out.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
