/** Fields every stored request may carry whatever its dialect; dialect readers skip these. */
export const GENERIC_REQUEST_FIELDS: readonly string[] = ['name', 'origin', 'note', 'expect', 'platform', 'layers', 'observed'];

export function isGenericField(key: string): boolean {
  return GENERIC_REQUEST_FIELDS.includes(key);
}
