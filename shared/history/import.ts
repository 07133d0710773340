import { Deduper } from './dedupe';
import { historyFiles } from './collect';
import { readHistoryFile } from './read-file';
import type { HistoryEntry, LineError } from './types';

/** Line errors kept for the report; more are only counted. */
export const MAX_REPORTED_ERRORS = 200;

export interface ImportResult {
  files: string[];
  missing: string[];
  entries: HistoryEntry[];
  /** Tool calls read (before folding). */
  calls: number;
  errors: LineError[];
  /** Errors beyond MAX_REPORTED_ERRORS. */
  moreErrors: number;
  /** Distinct calls dropped past the limit. */
  dropped: number;
}

export interface ImportOptions {
  /** Progress: bytes read so far out of the total. */
  progress?(done: number, total: number): void;
  /** Only calls at or after this ISO time (calls without a time are kept). */
  since?: string;
}

/**
 * Reads every history file a list of paths names and folds the calls into distinct entries.
 * Streams each file; memory grows with distinct calls only.
 * @example (await importHistory(['~/.claude/projects/-home-u-app'])).entries.length
 */
export async function importHistory(paths: readonly string[], opts: ImportOptions = {}): Promise<ImportResult> {
  const { files, missing, bytes } = historyFiles(paths);
  const dedupe = new Deduper();
  const errors: LineError[] = [];
  let moreErrors = 0;
  let done = 0;
  const since = opts.since ? Date.parse(opts.since) : NaN;
  for (const file of files) {
    await readHistoryFile(file, {
      call: (o) => {
        if (!Number.isNaN(since) && o.time && Date.parse(o.time) < since) return;
        dedupe.add(o);
      },
      error: (e) => {
        if (errors.length < MAX_REPORTED_ERRORS) errors.push(e);
        else moreErrors++;
      },
      bytes: (n) => {
        done += n;
        opts.progress?.(done, bytes);
      },
    });
  }
  return { files, missing, entries: dedupe.entries(), calls: dedupe.total, errors, moreErrors, dropped: dedupe.dropped };
}
