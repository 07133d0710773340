import { posix } from 'path';
import type { PolicyCapability, PolicyHost, PolicyMember } from '../dialect';
import type { EvalContext } from '../../model';
import { parseGemini } from './parse';
import { TIERS, type GeminiRule, type GeminiRuleSet } from './types';

function slashes(p: string): string {
  return p.replace(/\\/g, '/');
}

/**
 * The other policy files of the checked file's folder: Gemini loads every `*.toml` regular file of a
 * tier's folder (`readPolicyFiles` in policy/toml-loader.js, @google/gemini-cli-core 0.61.0) into
 * that tier, and tries every rule of every file by priority. The built-in default tier is modelled
 * by the evaluator.
 * @example geminiMembers({ path: '/h/.gemini/policies/a.toml' }, host, {}).map((m) => m.path) // ['/h/.gemini/policies/b.toml']
 */
export function geminiMembers(file: { path: string }, host: PolicyHost, _ctx: EvalContext): PolicyMember[] {
  const p = slashes(file.path);
  if (!p.toLowerCase().endsWith('.toml')) return [];
  const dir = posix.dirname(p);
  const entries = host.list?.(dir);
  if (!entries) return [];
  const out: PolicyMember[] = [];
  for (const e of [...entries].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    if (e.kind !== 'file' || !e.name.endsWith('.toml')) continue;
    const path = posix.join(dir, e.name);
    if (path === p) continue;
    out.push({ path, layer: 'policy file of the same tier', text: host.readFile(path) });
  }
  return out;
}

/**
 * The checked policy file with the other files of its folder, in one tier: rules of every file by
 * effective priority. Among equal priorities from different files the engine keeps the folder's
 * listing order, which the file system decides: the evaluator takes the stricter of such tied
 * matches (fail closed) and says so.
 * @example parseGeminiPolicy(file, geminiMembers(file, host, ctx), ctx).ordered[0].file
 */
export function parseGeminiPolicy(file: { path: string; text: string }, members: PolicyMember[], ctx: EvalContext = {}): GeminiRuleSet {
  const main = parseGemini(file, ctx);
  const tier = main.tier;
  const layer = `${tier} tier`;
  const rs: GeminiRuleSet = { ...main, layerName: `${layer}, ${posix.basename(slashes(file.path))}`, members: [{ path: file.path, layer: `${layer}, ${posix.basename(slashes(file.path))}`, present: true }], memberFindings: [] };
  const joined: GeminiRule[] = [...main.rules];
  for (const m of members) {
    if (m.text === undefined) continue;
    const part = parseGemini({ path: m.path, text: m.text }, ctx);
    const name = `${layer}, ${posix.basename(slashes(m.path))}`;
    rs.members!.push({ path: m.path, layer: name, present: true });
    rs.memberFindings!.push({ path: m.path, findings: part.findings });
    // A file Gemini skips whole (a TOML or schema error) adds nothing.
    if (part.dropped) continue;
    for (const r of part.rules) joined.push({ ...r, index: joined.length, file: m.path, layer: name, effective: TIERS[tier] + r.priority / 1000 });
  }
  rs.rules = joined;
  // A dropped file has no rules; the other files' rules are still in force.
  rs.ordered = [...joined].sort((a, b) => b.effective - a.effective);
  return rs;
}

/** Gemini's policy: every policy file of the tier's folder, one tier, with the default tier after. */
export const geminiPolicy: PolicyCapability<GeminiRuleSet> = { members: geminiMembers, parse: parseGeminiPolicy };
