import { finding, FILE_START, type Finding } from '../../model';
import { parseJson, prop, rangeOf } from '../../json/tree';
import { layerOf } from './settings';
import type { ClaudeRuleSet } from './types';

/** Modes that skip the prompts for everyone who opens the project. */
const BYPASS_MODES = new Set(['bypassPermissions']);

/**
 * `bypass-mode-committed`: a shared project settings file (`.claude/settings.json`, the one teams
 * commit) sets `permissions.defaultMode` to `bypassPermissions`, so every clone runs every tool
 * without asking. A personal `settings.local.json` or user file is left alone.
 * @example bypassModeFindings(parseClaude({ path: '/p/.claude/settings.json', text: '{"permissions":{"defaultMode":"bypassPermissions"}}' }))[0].code // 'bypass-mode-committed'
 */
export function bypassModeFindings(rs: ClaudeRuleSet): Finding[] {
  if (layerOf(rs.path, undefined) !== 'project') return [];
  const doc = parseJson(rs.source.text);
  const mode = prop(prop(doc.root, 'permissions'), 'defaultMode');
  if (!mode || mode.type !== 'string' || !BYPASS_MODES.has(String(mode.value))) return [];
  return [
    finding('bypass-mode-committed', 'warning', `"defaultMode": "${mode.value}" in a shared project settings file: everyone who opens the project runs every tool unasked`, mode ? rangeOf(rs.source, mode) : FILE_START, {
      data: { fix: 'replace-value', replacement: 'default', mode: mode.value },
    }),
  ];
}
