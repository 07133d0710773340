import * as fs from 'fs';
import type { AnyDialect } from '../dialects/dialect';
import { importHistory, type ImportOptions, type ImportResult } from './import';
import { readStoredHistory } from './stored';

/** A stored-requests file larger than this is refused as history (import writes far smaller ones). */
export const MAX_STORED_BYTES = 256 * 1024 * 1024;

/**
 * History for replay and suggest: a requests file written by `rulelens import` (any JSON file with
 * a `requests` array, its requests read back in the shapes of `dialects`), or raw agent history
 * (files or folders) imported on the fly.
 * @example (await loadHistory(['history.requests.json'], DIALECTS)).entries.length
 */
export async function loadHistory(paths: readonly string[], dialects: readonly AnyDialect[], opts: ImportOptions = {}): Promise<ImportResult & { stored: boolean }> {
  if (paths.length === 1 && /\.jsonc?$/i.test(paths[0]) && !/^session-/i.test(paths[0].split(/[\\/]/).pop() ?? '')) {
    let st: fs.Stats | undefined;
    try {
      st = fs.statSync(paths[0]);
    } catch {
      st = undefined;
    }
    if (st?.isFile() && st.size <= MAX_STORED_BYTES) {
      const entries = readStoredHistory(fs.readFileSync(paths[0], 'utf8'), dialects);
      if (entries) return { files: [paths[0]], missing: [], entries, calls: entries.reduce((n, e) => n + e.count, 0), errors: [], moreErrors: 0, dropped: 0, stored: true };
    }
  }
  return { ...(await importHistory(paths, opts)), stored: false };
}
