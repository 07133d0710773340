import { evaluateCodex, parseCodex } from '../dialects/codex';
import { evaluateOpencode } from '../dialects/opencode';
import type { OpencodeRuleSet } from '../dialects/opencode/rules';
import type { Decision } from '../model';
import { prefixRulesOf, witnessCommands } from './prefix-rules';
import type { TargetTranslation } from './types';

const NATIVE: Record<Decision, string> = { allow: 'allow', ask: 'prompt', deny: 'forbidden' };
const q = (s: string) => JSON.stringify(s);

/**
 * OpenCode bash rules as a Codex `.rules` file, checked by evaluating both files on every witness
 * command: equivalent, or the list of commands whose decision flips. Codex's strictest-wins cannot
 * express a later allow overriding an earlier deny, and it has no exact-only or catch-all rule;
 * those show up as flips rather than being hidden.
 * @example translateToCodex(rs).text.startsWith('#') // true
 */
export function translateToCodex(rs: OpencodeRuleSet): TargetTranslation {
  const { rules, skipped } = prefixRulesOf(rs);
  const notes = skipped.map((s) => `rule ${s.from + 1} (${s.label}) left out: ${s.reason}`);
  const lines = ['# Translated from OpenCode by RuleLens. Codex: every matching rule counts, the strictest wins.', ''];
  for (const r of rules) {
    if (r.words.length === 0) {
      notes.push(`rule ${r.from + 1} (${r.label}): Codex has no catch-all rule; unmatched commands are left to Codex's heuristics (prompt)`);
      continue;
    }
    if (!r.open) notes.push(`rule ${r.from + 1} (${r.label}): Codex rules are prefixes, so this exact-command rule also matches longer commands`);
    lines.push(`prefix_rule(pattern = [${r.words.map(q).join(', ')}], decision = ${q(NATIVE[r.decision])})  # OpenCode rule ${r.from + 1}`);
  }
  const text = lines.join('\n') + '\n';
  const target = parseCodex({ path: 'translated.rules', text });
  const flips = witnessCommands(rules).flatMap((command) => {
    const from = evaluateOpencode(rs, { action: 'bash', resources: [command] }).decision;
    const to = evaluateCodex(target, { command: command.split(' ') }).decision;
    return from === to ? [] : [{ command, from, to }];
  });
  return { text, flips, notes, checked: witnessCommands(rules).length };
}
