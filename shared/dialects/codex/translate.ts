import type { Decision } from '../../model';
import type { FileTranslation, NeutralRules } from '../../translate/neutral';
import { prefixRulesOf, witnessCommands } from '../../translate/prefix-rules';
import { evaluateCodex } from './evaluate';
import { parseCodex } from './parse';

const NATIVE: Record<Decision, string> = { allow: 'allow', ask: 'prompt', deny: 'forbidden' };
const q = (s: string) => JSON.stringify(s);

/**
 * Neutral shell-command rules (OpenCode's bash rules) as a Codex `.rules` file, checked by evaluating both sides on every witness
 * command: equivalent, or the list of commands whose decision flips. Codex's strictest-wins cannot
 * express a later allow overriding an earlier deny, and it has no exact-only or catch-all rule;
 * those show up as flips rather than being hidden.
 * @example translateToCodex(opencode.translation!.toNeutral!(rs)).text.startsWith('#') // true
 */
export function translateToCodex(rs: NeutralRules): FileTranslation {
  const { rules, skipped } = prefixRulesOf(rs);
  const notes = skipped.map((s) => `rule ${s.from + 1} (${s.label}) left out: ${s.reason}`);
  const lines = [`# Translated from ${rs.sourceTitle} by RuleLens. Codex: every matching rule counts, the strictest wins.`, ''];
  for (const r of rules) {
    if (r.words.length === 0) {
      notes.push(`rule ${r.from + 1} (${r.label}): Codex has no catch-all rule; unmatched commands are left to Codex's heuristics (prompt)`);
      continue;
    }
    if (!r.open) notes.push(`rule ${r.from + 1} (${r.label}): Codex rules are prefixes, so this exact-command rule also matches longer commands`);
    lines.push(`prefix_rule(pattern = [${r.words.map(q).join(', ')}], decision = ${q(NATIVE[r.decision])})  # ${rs.sourceTitle} rule ${r.from + 1}`);
  }
  const text = lines.join('\n') + '\n';
  const target = parseCodex({ path: 'translated.rules', text });
  const flips = witnessCommands(rules).flatMap((command) => {
    const from = rs.decideCommand(command);
    const to = evaluateCodex(target, { command: command.split(' ') }).decision;
    return from === to ? [] : [{ command, from, to }];
  });
  return { kind: 'file', text, flips, notes, checked: witnessCommands(rules).length };
}
