import { finding, FILE_START, type Finding } from '../../model';
import { parseJson, prop, rangeOf } from '../../json/tree';
import { layerOf } from './settings';
import { removeDefaultModeEdits, type ClaudeQuickFix } from './fixes';
import type { ClaudeRuleSet } from './types';

/** Modes that skip the prompts for everyone who opens the project. */
const BYPASS_MODES = new Set(['bypassPermissions']);

/**
 * `bypass-mode-committed`: a shared project settings file (`.claude/settings.json`, the one teams
 * commit) sets `permissions.defaultMode` to `bypassPermissions`. Claude Code 2.1 ignores that value
 * in project and local settings ("only policy/user/flag settings may grant bypass mode", its own
 * log line), so the evaluator stays in `default`: the finding says so and offers to delete the line
 * that asks every clone to switch prompts off. A warning either way: the line misleads readers, an
 * older Claude Code honoured it, and it is the only report of this value (the parser leaves it to
 * this lint).
 * @example bypassModeFindings(parseClaude({ path: '/p/.claude/settings.json', text: '{"permissions":{"defaultMode":"bypassPermissions"}}' }))[0].code // 'bypass-mode-committed'
 */
export function bypassModeFindings(rs: ClaudeRuleSet): Finding[] {
  if (layerOf(rs.path, undefined) !== 'project') return [];
  const doc = parseJson(rs.source.text);
  const mode = prop(prop(doc.root, 'permissions'), 'defaultMode');
  if (!mode || mode.type !== 'string' || !BYPASS_MODES.has(String(mode.value))) return [];
  const inForce = rs.mode === 'bypassPermissions';
  const message = inForce
    ? `"defaultMode": "${mode.value}" in a shared project settings file: everyone who opens the project runs every tool unasked`
    : `"defaultMode": "${mode.value}" in shared project settings: Claude Code 2.1 ignores it here (prompts stay on); choose bypass per person instead`;
  return [
    finding('bypass-mode-committed', 'warning', message, mode ? rangeOf(rs.source, mode) : FILE_START, {
      data: { mode: mode.value, inForce, ...withoutMode(rs) },
    }),
  ];
}

/**
 * The quick fix: delete `defaultMode` from the shared file (bypass is chosen per person, in the
 * user's own settings or with `--permission-mode`, the places Claude Code takes it from).
 */
function withoutMode(rs: ClaudeRuleSet): { quickFix?: ClaudeQuickFix } {
  const edits = removeDefaultModeEdits(rs.source.text);
  return edits ? { quickFix: { title: 'Remove "defaultMode" from the shared settings', edits, proves: [] } } : {};
}
