import { posix } from 'path';
import { stripComments, type Node } from 'jsonc-parser';
import { finding, type Finding, type SourceText } from '../../model';
import { parseJson, prop, rangeOf } from '../../json/tree';
import { parseQwenRule } from './rules';
import { QWEN_MODES, type QwenMode, type QwenRule, type QwenRuleSet, type QwenTier } from './types';

/** The keys whose rule lists Qwen Code 0.24.4 merges (`loadCliConfig`): allow, ask, deny and the legacy `tools.*` aliases. */
const RULE_KEYS: ReadonlyArray<[string, string, QwenTier]> = [
  ['permissions', 'allow', 'allow'],
  ['permissions', 'ask', 'ask'],
  ['permissions', 'deny', 'deny'],
  ['tools', 'allowed', 'allow'],
  ['tools', 'exclude', 'deny'],
];

export const WORKSPACE_LAYER = 'workspace settings';
export const USER_LAYER = 'user settings';
export const SYSTEM_LAYER = 'system settings';

/** One settings file read: its rules and settings, in load order. */
export interface QwenFile {
  path: string;
  layer: string;
  source: SourceText;
  root: Node | undefined;
  findings: Finding[];
  /** Qwen refuses the file (JSON.parse after comments are stripped fails). */
  rejected: boolean;
}

/**
 * A settings file as Qwen reads it: `JSON.parse` after comments and a BOM are stripped — comments
 * are fine, a trailing comma is not (a workspace file is then reset to `{}`, a user file stops the CLI).
 * @example readQwenFile('/p/.qwen/settings.json', '{"permissions": {}}', 'workspace settings').rejected // false
 */
export function readQwenFile(path: string, text: string, layer: string): QwenFile {
  const doc = parseJson(text);
  let rejected = false;
  try {
    JSON.parse(stripComments(text.replace(/^\uFEFF/, '')));
  } catch (e) {
    rejected = true;
    const what = layer === WORKSPACE_LAYER ? 'Qwen Code backs it up to settings.json.corrupted and resets this file to {}: none of its rules apply' : 'Qwen Code refuses to start with this file';
    doc.findings.push(finding('qwen-invalid-json', 'error', `not JSON as Qwen reads it (${(e as Error).message.slice(0, 80)}): ${what}`, doc.source.range(0, Math.min(text.length, 1))));
  }
  return { path, layer, source: doc.source, root: doc.root, findings: doc.findings, rejected };
}

/**
 * The merged rule set of the layers, lowest first (user, workspace, system): every rule list is a
 * union in layer order; `tools.approvalMode` and the other settings from the highest layer setting them.
 * @example mergeQwen([user, workspace], '/p/.qwen/settings.json').rules.length
 */
export function mergeQwen(files: readonly QwenFile[], path: string): QwenRuleSet {
  const own = files.find((f) => f.path === path) ?? files[0];
  const rules: QwenRule[] = [];
  const findings: Finding[] = [...own.findings];
  let approvalMode: QwenMode | undefined;
  const includeDirectories: string[] = [];
  const trusted: string[] = [];
  const root = projectRootOf(path);
  for (const f of files) {
    if (f.rejected || !f.root) continue;
    const mine = f.path === path;
    for (const [section, key, tier] of RULE_KEYS) {
      const list = prop(prop(f.root, section), key);
      if (!list) continue;
      if (list.type !== 'array') {
        if (mine) findings.push(finding('qwen-malformed-rule', 'error', `${section}.${key} must be an array of rule strings; Qwen spreads a string into one rule per character`, rangeOf(f.source, list)));
        continue;
      }
      for (const item of list.children ?? []) {
        if (item.type !== 'string') continue;
        const p = parseQwenRule(item.value as string);
        if (!p.text) continue;
        const range = rangeOf(f.source, item);
        const textRange = f.source.range(item.offset + 1, item.offset + item.length - 1);
        // Qwen drops duplicates across layers (a union), keeping the first.
        if (rules.some((r) => r.tier === tier && r.text === p.text)) continue;
        rules.push({ ...p, index: rules.length, id: null, decision: tier, native: tier, tier, label: `${p.text} (${tier})`, range, textRange, startLine: range.start.line, scope: f.layer, key: `${section}.${key}`, file: f.path, ...(mine ? {} : { layer: f.layer }) });
      }
    }
    const mode = prop(prop(f.root, 'tools'), 'approvalMode');
    if (mode?.type === 'string' && (QWEN_MODES as readonly string[]).includes(mode.value)) approvalMode = mode.value as QwenMode;
    const dirs = prop(prop(f.root, 'context'), 'includeDirectories');
    for (const d of dirs?.children ?? []) if (d.type === 'string') includeDirectories.push(posix.resolve(root, d.value as string));
    const servers = prop(f.root, 'mcpServers');
    for (const s of servers?.children ?? []) {
      const name = s.children?.[0]?.value;
      if (typeof name === 'string' && prop(s.children?.[1], 'trust')?.value === true) trusted.push(name);
    }
  }
  return { dialect: 'qwen', path, source: own.source, rules, findings, root, approvalMode, includeDirectories, trustedMcpServers: trusted, workspaceLayer: WORKSPACE_LAYER, layerName: own.layer };
}

/** The folder holding `.qwen/` for a settings file there, else the file's folder. */
export function projectRootOf(path: string): string {
  const p = path.replace(/\\/g, '/');
  const dir = posix.dirname(p);
  return posix.basename(dir) === '.qwen' ? posix.dirname(dir) : dir;
}

/** Which layer a settings path is: the user's `~/.qwen/settings.json`, the system file, else the workspace's. */
export function layerOf(path: string, home: string | undefined): string {
  const p = path.replace(/\\/g, '/');
  if (/^\/etc\/qwen-code\//.test(p)) return SYSTEM_LAYER;
  if (home && p === posix.join(home, '.qwen', 'settings.json')) return USER_LAYER;
  return WORKSPACE_LAYER;
}
