/** ISO 8601 date-time with an explicit zone; a zone-less time would mean different instants on different machines. */
export const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;
export const MS_PER_MINUTE = 60_000;

/**
 * Milliseconds since the epoch of an ISO time, or undefined when it is not one.
 * @example parseIsoTime('2026-11-29T10:00:00Z') // 1795946400000
 */
export function parseIsoTime(s: string): number | undefined {
  if (!ISO_TIME.test(s)) return undefined;
  const t = Date.parse(s);
  return Number.isNaN(t) ? undefined : t;
}
