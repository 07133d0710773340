import type { CodeLens } from 'vscode-languageserver';
import { COMMANDS } from '../../shared/protocol';

/** `rulelens.codeLens`: every lens, only the summary on top of each file, or none. */
export type LensMode = 'all' | 'summary' | 'off';
export const LENS_MODES: readonly LensMode[] = ['all', 'summary', 'off'];

/** @example lensMode('summary') // 'summary'; anything else → 'all' */
export function lensMode(v: unknown): LensMode {
  return typeof v === 'string' && (LENS_MODES as readonly string[]).includes(v) ? (v as LensMode) : 'all';
}

const DECIDES_NONE = /^decides none of /;

/**
 * The lenses a mode shows. `all` folds the per-rule "decides none of N requests" lenses into the
 * summary lens (`· 3 rules decide none`), so a rule list is not doubled in height by lines that say
 * nothing; `summary` keeps the top lens and the vs-base lens; `off` shows none.
 * @example applyLensMode(lenses, 'summary').length // 1 or 2
 */
export function applyLensMode(lenses: CodeLens[], mode: LensMode): CodeLens[] {
  if (mode === 'off' || lenses.length === 0) return [];
  const [summary, ...rest] = lenses;
  if (mode === 'summary') return [summary, ...rest.filter((l) => l.command?.command === COMMANDS.showFlips)];
  // One pass: a file of thousands of rules has thousands of these.
  const kept: CodeLens[] = [];
  let none = 0;
  for (const l of rest) {
    if (DECIDES_NONE.test(l.command?.title ?? '')) none++;
    else kept.push(l);
  }
  if (!none || !summary.command) return lenses;
  const folded: CodeLens = { ...summary, command: { ...summary.command, title: `${summary.command.title} · ${none} rule${none === 1 ? '' : 's'} decide${none === 1 ? 's' : ''} none` } };
  return [folded, ...kept];
}
