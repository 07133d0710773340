import * as path from 'path';
import { detectDialect } from '../../shared/dialects';
import { readText } from '../../shared/host/node-fs';
import { ArgumentError, format, parse } from '../args';
import { evalContext, readInput, UsageError, type Out } from '../io';
import { printFileTranslation, printSettingsTranslation, translationSource, translationTarget } from './translate-target';

/**
 * `rulelens translate RULEFILE --to claude|codex|gemini [--format text|json]`: a rule set carried
 * to another agent through the neutral form. A settings target (Claude Code tiers) is proved
 * equivalent on the automata or listed with every request (and witness) whose decision would
 * change (text: the settings alone on stdout, the report on stderr); a rule-file target (Codex,
 * Gemini) is checked on witness commands. Exit 0 equivalent, 1 when decisions change or a part is
 * unproved, 2 usage.
 */
export async function translateCommand(argv: string[], io: Out): Promise<number> {
  const { values, positionals } = parse(argv, { to: { type: 'string' }, format: { type: 'string' } });
  const fmt = format(values.format, ['text', 'json'] as const, 'text');
  const target = translationTarget(values.to);
  if (positionals.length !== 1) throw new ArgumentError('translate takes exactly one RULEFILE');
  const shown = positionals[0];
  const file = path.resolve(shown);
  const text = target.translation.writes === 'settings' ? readInput(file, shown) : readText(file);
  if (text === undefined) throw new UsageError(`cannot read ${shown}`);
  const source = translationSource(detectDialect({ path: file, text }), shown);
  // Translation carries the file's own rules; the agent's built-in layers are not the user's to move.
  const rs = source.parse({ path: file, text }, { ...evalContext(), builtins: false });
  const neutral = source.translation.toNeutral(rs);
  const t = target.translation.fromNeutral(neutral);
  return t.kind === 'settings' ? printSettingsTranslation(t, fmt, io) : printFileTranslation(target.id, t, neutral.sourceTitle, fmt, io);
}
