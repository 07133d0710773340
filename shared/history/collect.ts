import * as fs from 'fs';
import * as path from 'path';

/** Folders deeper than this under a given path are not searched (symlink loops, huge trees). */
export const MAX_WALK_DEPTH = 8;

/** History files in a folder: session logs (`*.jsonl`) and Gemini session documents. */
function isHistoryName(name: string): boolean {
  return /\.jsonl$/i.test(name) || /^session-.*\.json$/i.test(name);
}

/**
 * The history files a path names: the file itself, or every history file under a folder, sorted
 * so imports are reproducible. Missing paths are returned in `missing`.
 * @example historyFiles(['~/.claude/projects/-home-u-app']).files
 */
export function historyFiles(paths: readonly string[]): { files: string[]; missing: string[]; bytes: number } {
  const files: string[] = [];
  const missing: string[] = [];
  const walk = (dir: string, depth: number) => {
    if (depth > MAX_WALK_DEPTH) return;
    let list: fs.Dirent[];
    try {
      list = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of list.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p, depth + 1);
      else if (e.isFile() && isHistoryName(e.name)) files.push(p);
    }
  };
  for (const given of paths) {
    let st: fs.Stats;
    try {
      st = fs.statSync(given);
    } catch {
      missing.push(given);
      continue;
    }
    if (st.isDirectory()) walk(given, 0);
    else files.push(given);
  }
  let bytes = 0;
  for (const f of files) bytes += fs.statSync(f).size;
  return { files, missing, bytes };
}
