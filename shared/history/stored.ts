import * as path from 'path';
import { parseJson, prop, valueOf } from '../json/tree';
import type { AnyDialect, HistoryCapability, StoredCall } from '../dialects/dialect';
import type { HistoryEntry, HistoryFormat, Outcome } from './types';

/** Request names are cut to this many characters (the rest is in the fields). */
export const MAX_NAME_CHARS = 80;

/** The generic `observed` field a copied request carries. */
export interface ObservedField {
  outcome: Outcome;
  count: number;
  first_seen: string | null;
  last_seen: string | null;
  denial?: string;
  redacted?: true;
  from: HistoryFormat[];
}

/**
 * The requests file for imported history: every distinct call as a `copied` request in the
 * dialect's fields, with its `observed` outcome, count and first/last time seen. Calls a
 * dialect cannot express are counted in `skipped`.
 * @example historyRequestsFile(entries, claude.history!, '.claude/settings.json').text
 */
export function historyRequestsFile(entries: readonly HistoryEntry[], history: HistoryCapability, rulesRef: string | null): { text: string; written: number; skipped: Array<{ entry: HistoryEntry; reason: string }> } {
  const names = new Map<string, number>();
  const skipped: Array<{ entry: HistoryEntry; reason: string }> = [];
  const requests: unknown[] = [];
  for (const e of entries) {
    const fields = history.requestFields(e.call);
    if (typeof fields === 'string') {
      skipped.push({ entry: e, reason: fields });
      continue;
    }
    const observed: ObservedField = { outcome: e.call.outcome, count: e.count, first_seen: e.firstSeen, last_seen: e.lastSeen, ...(e.call.denial ? { denial: e.call.denial } : {}), ...(e.redacted ? { redacted: true as const } : {}), from: e.formats };
    requests.push({ name: uniqueName(nameOf(e), names), origin: 'copied', ...fields, observed });
  }
  const doc = { ...(rulesRef ? { rules: rulesRef } : {}), requests };
  return { text: JSON.stringify(doc, null, 2) + '\n', written: requests.length, skipped };
}

function nameOf(e: HistoryEntry): string {
  const c = e.call;
  const subject = c.command ?? c.path ?? c.url ?? (c.input ? JSON.stringify(c.input) : '');
  const base = `${c.outcome === 'approved' ? '' : `${c.outcome}: `}${c.tool}: ${subject.replace(/\s+/g, ' ')}`;
  return base.length > MAX_NAME_CHARS ? `${base.slice(0, MAX_NAME_CHARS - 1)}…` : base;
}

function uniqueName(base: string, names: Map<string, number>): string {
  const n = (names.get(base) ?? 0) + 1;
  names.set(base, n);
  return n === 1 ? base : `${base} #${n}`;
}

/** The `"rules"` reference from a requests file's folder to its rule file. */
export function rulesRefFrom(outFile: string, ruleFile: string): string {
  return path.relative(path.dirname(path.resolve(outFile)), path.resolve(ruleFile)).replace(/\\/g, '/');
}

/**
 * Reads a requests file of imported history back into entries (requests without `observed` count
 * as seen once with an unknown outcome), each request in the shape of whichever of `dialects`
 * claims it most specifically. Returns undefined when the text is not a requests file.
 * @example readStoredHistory(text, DIALECTS)?.length
 */
export function readStoredHistory(text: string, dialects: readonly AnyDialect[]): HistoryEntry[] | undefined {
  const doc = parseJson(text);
  const list = doc.root && prop(doc.root, 'requests');
  if (!list || list.type !== 'array') return undefined;
  const out: HistoryEntry[] = [];
  for (const item of list.children ?? []) {
    const v = valueOf(item);
    if (!v || typeof v !== 'object' || Array.isArray(v)) continue;
    const fields = v as Record<string, unknown>;
    const call = storedCall(fields, dialects);
    if (!call) continue;
    const o = (fields.observed && typeof fields.observed === 'object' ? fields.observed : {}) as Partial<ObservedField>;
    const outcome: Outcome = o.outcome === 'approved' || o.outcome === 'denied' ? o.outcome : 'unknown';
    out.push({
      call: { format: o.from?.[0] ?? 'claude-session', ...call, outcome, ...(typeof o.denial === 'string' ? { denial: o.denial } : {}) },
      count: typeof o.count === 'number' && o.count > 0 ? o.count : 1,
      firstSeen: typeof o.first_seen === 'string' ? o.first_seen : null,
      lastSeen: typeof o.last_seen === 'string' ? o.last_seen : null,
      redacted: o.redacted === true,
      formats: Array.isArray(o.from) ? o.from : [],
    });
  }
  return out;
}

/** The neutral call of a stored request, read by the dialect whose shape claims it most specifically. */
function storedCall(fields: Readonly<Record<string, unknown>>, dialects: readonly AnyDialect[]): StoredCall | undefined {
  let best: { call: StoredCall | undefined; specificity: number } | undefined;
  for (const d of dialects) {
    const claim = d.history?.storedCall?.(fields);
    if (claim && (!best || claim.specificity > best.specificity)) best = claim;
  }
  return best?.call;
}
