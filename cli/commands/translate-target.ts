import { DIALECTS, type AnyDialect, type TranslationCapability } from '../../shared/dialects';
import type { FileTranslation, SettingsTranslation } from '../../shared/translate/neutral';
import { TARGET_FILES } from '../../shared/check/translate-between';
import { ArgumentError } from '../args';
import { meant } from '../did-you-mean';
import { UsageError, type Out } from '../io';

/** A dialect rules can be translated into. */
export type TranslationTarget = AnyDialect & { translation: Required<Pick<TranslationCapability, 'fromNeutral' | 'writes'>> };
/** A dialect whose rules can be translated. */
type TranslationSource = AnyDialect & { translation: Required<Pick<TranslationCapability, 'toNeutral'>> };

export const isTarget = (d: AnyDialect): d is TranslationTarget => !!d.translation?.fromNeutral && !!d.translation.writes;
export const isSource = (d: AnyDialect | undefined): d is TranslationSource => !!d?.translation?.toNeutral;
/** A dialect a rule set is carried into call by call (`translate/between.ts`): it writes rules and maps neutral calls. */
export const isPairTarget = (d: AnyDialect): boolean => !!d.ruleEdit && !!d.neutralRequest && TARGET_FILES[d.id] !== undefined;
/** A dialect whose rules name neutral calls, so they can be carried call by call. */
export const isPairSource = (d: AnyDialect | undefined): d is AnyDialect => !!d?.neutralWitnesses && !!d.neutralRequest;
/** Every dialect `--to` takes. */
export const anyTarget = (d: AnyDialect): boolean => isTarget(d) || isPairTarget(d);
/** Every dialect whose rule files translate. */
export const anySource = (d: AnyDialect): boolean => isSource(d) || isPairSource(d);

/** `a`, `a or b`, `a, b or c`. */
function orList(words: readonly string[]): string {
  return words.length <= 1 ? words.join('') : `${words.slice(0, -1).join(', ')} or ${words[words.length - 1]}`;
}

/**
 * The dialect `--to` names, when it can be translated into; a usage error listing them otherwise.
 * @example translationTarget('codex').id // 'codex'
 */
export function translationTarget(to: unknown): AnyDialect {
  const targets = DIALECTS.filter(anyTarget);
  const t = targets.find((d) => d.id === to);
  if (!t) throw new ArgumentError(`--to must be ${orList(targets.map((d) => d.id))}${typeof to === 'string' ? meant(to, targets.map((d) => d.id)) : ''}`);
  return t;
}

/** The detected dialect of a rule file, when its rules can be translated; a usage error otherwise. */
export function translationSource(detected: AnyDialect | undefined, shown: string): AnyDialect {
  if (!detected || !anySource(detected)) throw new UsageError(`${shown}: only ${orList(DIALECTS.filter(anySource).map((d) => d.title))} rule files can be translated`);
  return detected;
}

/**
 * Prints a rule file written for another agent with its check: exit 0 when no witness command's
 * decision changes and nothing was left out, 1 otherwise.
 */
export function printFileTranslation(target: string, t: FileTranslation, source: string, fmt: 'text' | 'json', io: Out): number {
  const leftOut = t.notes.filter((n) => n.includes('left out')).length;
  const ok = t.flips.length === 0 && leftOut === 0;
  if (fmt === 'json') {
    io.out(JSON.stringify({ [target]: t.text, equivalent: ok, checked: t.checked, flips: t.flips, notes: t.notes }, null, 2));
  } else {
    io.out(t.text.trimEnd());
    io.out(ok ? `equivalent on all ${t.checked} witness commands (each prefix, each prefix with one more word, and an unmatched command)` : `not equivalent: ${t.flips.length} of ${t.checked} witness commands decide differently${leftOut ? `, ${leftOut} rule(s) left out` : ''}:`);
    for (const f of t.flips) io.out(`  ${JSON.stringify(f.command)}: ${f.from} under ${source} → ${f.to} under ${target}`);
    for (const n of t.notes) io.out(`  note: ${n}`);
  }
  return ok ? 0 : 1;
}

/**
 * Prints a settings object written for another agent: text puts only the settings on stdout, so
 * `> settings.json` writes valid JSON, and the report on stderr. Exit 0 when proved equivalent.
 */
export function printSettingsTranslation(t: SettingsTranslation, fmt: 'text' | 'json', io: Out): number {
  if (fmt === 'json') io.out(JSON.stringify({ settings: t.settings, equivalent: t.ok, ...t.details }, null, 2));
  else {
    io.out(JSON.stringify(t.settings, null, 2));
    for (const line of t.report) io.err(line);
  }
  return t.ok ? 0 : 1;
}
