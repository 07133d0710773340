import type { Node } from 'jsonc-parser';
import { finding, type Finding, type SourceText } from '../../model';
import { prop, rangeOf, typeName } from '../../json/tree';
import { GUARD_KEYS, type ClaudeHook, type GuardKey, type LayerName, type SettingSource } from './types';

/**
 * Layers whose `denyInsteadOfPrompting` Claude Code reads: "Read from user settings, --settings and
 * managed settings; project and local settings are ignored" (settings schema, 2.1.328).
 */
export const DENY_INSTEAD_LAYERS: readonly LayerName[] = ['managed', 'user'];

/** The hook event whose answer comes before the permission check. */
export const PRE_TOOL_USE = 'PreToolUse';

/** What one settings file says beyond its rules: guards, hooks, hook switches. */
export interface SettingsExtras {
  guards: Partial<Record<GuardKey, SettingSource>>;
  hooks: ClaudeHook[];
  disableAllHooks?: SettingSource;
  /** `allowManagedHooksOnly: true` (honoured in managed settings only). */
  managedHooksOnly: boolean;
}

/**
 * Reads the guards (`permissions.blockWritesOutsideWorkingDirectories`, `…Reads…`,
 * `denyInsteadOfPrompting`), the `PreToolUse` hooks and the hook switches of one settings file.
 * Ill-typed values are schema errors; a guard set where the agent ignores it is a warning.
 * @example readExtras(root, perms, source, 'project', path, findings).guards.blockWritesOutsideWorkingDirectories?.layer // 'project'
 */
export function readExtras(root: Node, perms: Node | undefined, source: SourceText, layer: LayerName, path: string, findings: Finding[]): SettingsExtras {
  const out: SettingsExtras = { guards: {}, hooks: [], managedHooksOnly: false };
  const at = (n: Node): SettingSource => ({ layer, path, range: rangeOf(source, n) });
  if (perms?.type === 'object') {
    for (const key of GUARD_KEYS) {
      const n = prop(perms, key);
      if (!n) continue;
      if (n.type !== 'boolean') {
        findings.push(finding('schema', 'error', `"${key}" must be true or false, found ${typeName(n)}`, rangeOf(source, n)));
        continue;
      }
      if (n.value !== true) continue;
      if (key === 'denyInsteadOfPrompting' && !DENY_INSTEAD_LAYERS.includes(layer)) {
        findings.push(finding('schema', 'warning', `Claude Code reads "denyInsteadOfPrompting" only from user and managed settings (and --settings): in ${layer} settings it is ignored, so prompts still ask`, rangeOf(source, n)));
        continue;
      }
      out.guards[key] = at(n);
    }
  }
  const off = prop(root, 'disableAllHooks');
  if (off) {
    if (off.type !== 'boolean') findings.push(finding('schema', 'error', `"disableAllHooks" must be true or false, found ${typeName(off)}`, rangeOf(source, off)));
    else if (off.value === true) out.disableAllHooks = at(off);
  }
  const managedOnly = prop(root, 'allowManagedHooksOnly');
  if (managedOnly?.type === 'boolean' && managedOnly.value === true && layer === 'managed') out.managedHooksOnly = true;
  const hooks = prop(root, 'hooks');
  if (!hooks) return out;
  if (hooks.type !== 'object') {
    findings.push(finding('schema', 'error', `"hooks" must be an object of hook events, found ${typeName(hooks)}`, rangeOf(source, hooks)));
    return out;
  }
  const pre = prop(hooks, PRE_TOOL_USE);
  if (!pre) return out;
  if (pre.type !== 'array') {
    findings.push(finding('schema', 'error', `"${PRE_TOOL_USE}" must be an array of {"matcher", "hooks"} entries, found ${typeName(pre)}`, rangeOf(source, pre)));
    return out;
  }
  for (const entry of pre.children ?? []) {
    if (entry.type !== 'object') {
      findings.push(finding('schema', 'error', `a ${PRE_TOOL_USE} entry must be an object with "matcher" and "hooks", found ${typeName(entry)}`, rangeOf(source, entry)));
      continue;
    }
    const m = prop(entry, 'matcher');
    if (m && m.type !== 'string') findings.push(finding('schema', 'error', `"matcher" must be a string (a tool name, "A|B", or "*"), found ${typeName(m)}`, rangeOf(source, m)));
    const matcher = m?.type === 'string' ? m.value : '';
    const list = prop(entry, 'hooks');
    if (!list || list.type !== 'array') {
      findings.push(finding('schema', 'error', `a ${PRE_TOOL_USE} entry needs "hooks": an array of {"type": "command", "command": …}`, rangeOf(source, list ?? entry)));
      continue;
    }
    for (const h of list.children ?? []) {
      if (h.type !== 'object') {
        findings.push(finding('schema', 'error', `a hook must be an object like {"type": "command", "command": "./guard.sh"}, found ${typeName(h)}`, rangeOf(source, h)));
        continue;
      }
      const type = prop(h, 'type');
      const command = prop(h, 'command');
      const kind = type?.type === 'string' ? type.value : 'command';
      const text = command?.type === 'string' ? command.value : kind === 'command' ? undefined : `a ${kind} hook`;
      if (text === undefined) {
        findings.push(finding('schema', 'error', 'a command hook needs "command": the program the agent runs', rangeOf(source, h)));
        continue;
      }
      out.hooks.push({ matcher, command: text, layer, path, range: rangeOf(source, h) });
    }
  }
  return out;
}
