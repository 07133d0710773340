import type { Decision } from '../../model';
import type { FileTranslation, NeutralRules } from '../../translate/neutral';
import { prefixRulesOf, witnessCommands } from '../../translate/prefix-rules';
import { evaluateGemini } from './evaluate';
import { parseGemini } from './parse';

const NATIVE: Record<Decision, string> = { allow: 'allow', ask: 'ask_user', deny: 'deny' };
/** Priorities climb by this step in file order, so Gemini's first match is the source's last match. */
export const PRIORITY_STEP = 10;
const MAX_PRIORITY = 999;

/**
 * Neutral shell-command rules (OpenCode's bash rules) as a Gemini policy file: later rules get
 * higher priorities, so Gemini's first match by priority is the source's last match. Checked by evaluating both on every witness
 * command (single commands, default mode, interactive).
 * @example translateToGemini(opencode.translation!.toNeutral!(rs)).text.includes('[[rule]]') // true
 */
export function translateToGemini(rs: NeutralRules): FileTranslation {
  const { rules, skipped } = prefixRulesOf(rs);
  const notes = skipped.map((s) => `rule ${s.from + 1} (${s.label}) left out: ${s.reason}`);
  const step = rules.length * PRIORITY_STEP > MAX_PRIORITY ? Math.max(1, Math.floor(MAX_PRIORITY / Math.max(1, rules.length))) : PRIORITY_STEP;
  const blocks = [`# Translated from ${rs.sourceTitle} by RuleLens. Gemini: highest priority first, the first match decides.`];
  rules.forEach((r, i) => {
    const lines = ['[[rule]]', 'toolName = "run_shell_command"'];
    if (r.words.length) {
      if (!r.open) notes.push(`rule ${r.from + 1} (${r.label}): commandPrefix is a word-boundary prefix, so this exact-command rule also matches longer commands`);
      lines.push(`commandPrefix = ${JSON.stringify(r.words.join(' '))}`);
    }
    lines.push(`decision = "${NATIVE[r.decision]}"`, `priority = ${Math.min(MAX_PRIORITY, (i + 1) * step)}`, `# ${rs.sourceTitle} rule ${r.from + 1}`);
    blocks.push(lines.join('\n'));
  });
  if (rules.length * step > MAX_PRIORITY) notes.push(`more than ${MAX_PRIORITY} rules: priorities saturate at ${MAX_PRIORITY}`);
  notes.push('Gemini also re-checks sub-commands and downgrades redirection; the check covers single commands');
  const text = blocks.join('\n\n') + '\n';
  const target = parseGemini({ path: 'translated.toml', text });
  const witnesses = witnessCommands(rules);
  const flips = witnesses.flatMap((command) => {
    const from = rs.decideCommand(command);
    const to = evaluateGemini(target, { tool: 'run_shell_command', args: { command }, mode: 'default', interactive: true }).decision;
    return from === to ? [] : [{ command, from, to }];
  });
  return { kind: 'file', text, flips, notes, checked: witnesses.length };
}
