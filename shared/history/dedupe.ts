import { redactValue } from './redact';
import type { HistoryEntry, Observation } from './types';

/** Distinct calls kept; past this the import stops adding new ones and says so. */
export const MAX_DISTINCT_CALLS = 200_000;

/**
 * Folds observed calls into distinct entries (same tool, subject, mode, cwd and outcome), each
 * with a count and first/last time seen. Secrets are redacted before folding, so two calls that
 * differ only in a token are one entry. Memory grows with distinct calls, not with the history.
 * @example const d = new Deduper(); d.add(obs); d.add(obs); d.entries()[0].count // 2
 */
export class Deduper {
  private map = new Map<string, HistoryEntry>();
  /** Calls dropped because the distinct-call limit was reached. */
  dropped = 0;
  total = 0;

  add(o: Observation): void {
    this.total++;
    const { file: _f, line: _l, time, ...rest } = o;
    const { value: call, changed } = redactValue(rest);
    const key = keyOf(call);
    const seen = this.map.get(key);
    if (seen) {
      seen.count++;
      seen.redacted ||= changed;
      if (time && (!seen.firstSeen || time < seen.firstSeen)) seen.firstSeen = time;
      if (time && (!seen.lastSeen || time > seen.lastSeen)) seen.lastSeen = time;
      if (!seen.formats.includes(o.format)) seen.formats.push(o.format);
      return;
    }
    if (this.map.size >= MAX_DISTINCT_CALLS) {
      this.dropped++;
      return;
    }
    const { format: _fmt, ...neutral } = call;
    this.map.set(key, { call: { format: o.format, ...neutral }, count: 1, firstSeen: time ?? null, lastSeen: time ?? null, redacted: changed, formats: [o.format] });
  }

  /** Entries in a stable order: by tool, then subject. */
  entries(): HistoryEntry[] {
    return [...this.map.values()].sort((a, b) => cmp(sortKey(a), sortKey(b)));
  }
}

function keyOf(c: Omit<Observation, 'file' | 'line' | 'time'>): string {
  return JSON.stringify([c.tool, c.command ?? null, c.path ?? null, c.url ?? null, c.input ?? null, c.mode ?? null, c.cwd ?? null, c.outcome]);
}

function sortKey(e: HistoryEntry): string {
  const c = e.call;
  return `${c.tool}\u0000${c.command ?? c.path ?? c.url ?? JSON.stringify(c.input ?? {})}\u0000${c.outcome}\u0000${c.cwd ?? ''}`;
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
