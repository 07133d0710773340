import type { AnyDialect } from '../../shared/dialects';

/** A table's words for a key, own keys only (`constructor` is no key of any file). */
function wordsOf(table: Readonly<Record<string, readonly string[]>> | undefined, key: string): readonly string[] | undefined {
  return table && Object.hasOwn(table, key) ? table[key] : undefined;
}

/**
 * Values worth suggesting for a key: a key some dialect offers everywhere (its name is its own,
 * `approvalMode`), else the dialect's own words for it; undefined when the key takes free text.
 * @example valuesFor(DIALECTS, opencode, 'effect') // ['allow', 'ask', 'deny']
 */
export function valuesFor(dialects: readonly AnyDialect[], dialect: AnyDialect | undefined, key: string): readonly string[] | undefined {
  for (const d of dialects) {
    const words = wordsOf(d.vocabulary?.everywhere, key);
    if (words) return words;
  }
  return wordsOf(dialect?.vocabulary?.values, key);
}
