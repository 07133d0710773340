import * as path from 'path';
import { detectDialect, initDialects } from '../../shared/dialects';
import { ArgumentError, format, parse } from '../args';
import { evalContext, readInput, UsageError, type Out } from '../io';
import { translateBetween } from '../../shared/check/translate-between';
import { isPairSource, isPairTarget, isSource, isTarget, printFileTranslation, printSettingsTranslation, translationSource, translationTarget } from './translate-target';

/**
 * `rulelens translate RULEFILE --to claude|opencode|codex|gemini|omp [--format text|json]`: a rule set carried
 * to another agent through the neutral form. A settings target (Claude Code tiers) is proved
 * equivalent on the automata or listed with every request (and witness) whose decision would
 * change (text: the settings alone on stdout, the report on stderr); a rule-file target (Codex,
 * Gemini) is checked on witness commands. Every other pair among Claude Code, OpenCode, Codex,
 * Gemini and oh-my-pi is carried call by call (`translateBetween`) and reported as one JSON object
 * on stdout. Exit 0 equivalent, 1 when decisions change or a part is unproved or left out, 2 usage.
 */
export async function translateCommand(argv: string[], io: Out): Promise<number> {
  const { values, positionals } = parse(argv, { to: { type: 'string' }, format: { type: 'string' } });
  const fmt = format(values.format, ['text', 'json'] as const, 'text');
  const target = translationTarget(values.to);
  if (positionals.length !== 1) throw new ArgumentError('translate takes exactly one RULEFILE');
  const shown = positionals[0];
  const file = path.resolve(shown);
  const text = readInput(file, shown);
  const source = translationSource(detectDialect({ path: file, text }), shown);
  if (isSource(source) && isTarget(target)) {
    // Translation carries the file's own rules; the agent's built-in layers are not the user's to move.
    const rs = source.parse({ path: file, text }, { ...evalContext(), builtins: false });
    const neutral = source.translation.toNeutral(rs);
    const t = target.translation.fromNeutral(neutral);
    return t.kind === 'settings' ? printSettingsTranslation(t, fmt, io) : printFileTranslation(target.id, t, neutral.sourceTitle, fmt, io);
  }
  if (source.id === target.id) throw new UsageError(`${shown} is already a ${source.title} file`);
  if (!isPairSource(source) || !isPairTarget(target)) throw new UsageError(`${source.title} rules cannot be translated to ${target.title}`);
  await initDialects();
  // Each side decides its file alone, as the agent would with only that file (its built-in defaults included).
  const ctx = { ...evalContext(), policy: false as const };
  const report = translateBetween({ dialect: source, path: file, ruleSet: source.parse({ path: file, text }, ctx) }, target, ctx);
  io.out(JSON.stringify(report, null, 2));
  return report.equivalent ? 0 : 1;
}
