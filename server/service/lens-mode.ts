/** `rulelens.codeLens`: every lens, only the summary on top of each file, or none. */
export type LensMode = 'all' | 'summary' | 'off';
export const LENS_MODES: readonly LensMode[] = ['all', 'summary', 'off'];

/** @example lensMode('summary') // 'summary'; anything else → 'all' */
export function lensMode(v: unknown): LensMode {
  return typeof v === 'string' && (LENS_MODES as readonly string[]).includes(v) ? (v as LensMode) : 'all';
}
