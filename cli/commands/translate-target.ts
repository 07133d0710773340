import * as path from 'path';
import { detectDialect } from '../../shared/dialects';
import { parseOpencode } from '../../shared/dialects/opencode';
import { readText } from '../../shared/host/node-fs';
import { translateToCodex } from '../../shared/translate/to-codex';
import { translateToGemini } from '../../shared/translate/to-gemini';
import { evalContext, UsageError, type Out } from '../io';

/** Targets reached through word-prefix rules. */
export const PREFIX_TARGETS = ['codex', 'gemini'] as const;

/**
 * `rulelens translate RULEFILE --to codex|gemini`: OpenCode shell rules as a Codex `.rules` file or
 * a Gemini policy, checked by evaluating both on every witness command. Exit 0 when no decision
 * changes and nothing was left out, 1 otherwise.
 */
export function translateToTarget(target: (typeof PREFIX_TARGETS)[number], file: string, fmt: 'text' | 'json', io: Out): number {
  const abs = path.resolve(file);
  const text = readText(abs);
  if (text === undefined) throw new UsageError(`cannot read ${file}`);
  if (detectDialect({ path: abs, text })?.id !== 'opencode') throw new UsageError(`${file}: only OpenCode rule files can be translated`);
  // Translation carries the file's own rules, not OpenCode's built-in layers.
  const rs = parseOpencode({ path: abs, text }, { ...evalContext(), builtins: false });
  const t = target === 'codex' ? translateToCodex(rs) : translateToGemini(rs);
  const leftOut = t.notes.filter((n) => n.includes('left out')).length;
  const ok = t.flips.length === 0 && leftOut === 0;
  if (fmt === 'json') {
    io.out(JSON.stringify({ [target]: t.text, equivalent: ok, checked: t.checked, flips: t.flips, notes: t.notes }, null, 2));
  } else {
    io.out(t.text.trimEnd());
    io.out(ok ? `equivalent on all ${t.checked} witness commands (each prefix, each prefix with one more word, and an unmatched command)` : `not equivalent: ${t.flips.length} of ${t.checked} witness commands decide differently${leftOut ? `, ${leftOut} rule(s) left out` : ''}:`);
    for (const f of t.flips) io.out(`  ${JSON.stringify(f.command)}: ${f.from} under OpenCode → ${f.to} under ${target}`);
    for (const n of t.notes) io.out(`  note: ${n}`);
  }
  return ok ? 0 : 1;
}
