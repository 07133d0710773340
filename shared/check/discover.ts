import * as fs from 'fs';
import * as path from 'path';
import { detectDialect, isRequestsFile } from '../dialects';

/** Folders never searched for rule files. */
export const SKIP_DIRS = new Set(['node_modules', '.git', 'dist', 'out', '.vscode-test', '.e2e']);
/** Files larger than this are not opened during discovery (a rule file named on the command line still is). */
export const MAX_DISCOVERY_BYTES = 8 * 1024 * 1024;
/** Discovery stops after this many files: a check of `/` must end. */
export const MAX_DISCOVERED_FILES = 100_000;

const CANDIDATE = /\.(jsonc?|ya?ml|rules|toml|codexpolicy)$/i;

/**
 * Rule files under a path (a file is taken as it is, if any dialect claims it), sorted.
 * Symlinked folders are not followed, so a link loop cannot trap discovery.
 * @example discoverRuleFiles('examples') // ['examples/opencode/opencode.json', …]
 */
export function discoverRuleFiles(root: string): string[] {
  const out: string[] = [];
  const st = fs.lstatSync(root);
  if (st.isFile() || st.isSymbolicLink()) return [root];
  const stack = [root];
  let seen = 0;
  while (stack.length && seen < MAX_DISCOVERED_FILES) {
    const dir = stack.pop()!;
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const e of entries) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) {
        if (!SKIP_DIRS.has(e.name)) stack.push(p);
        continue;
      }
      if (!e.isFile() || !CANDIDATE.test(e.name) || isRequestsFile(e.name)) continue;
      seen++;
      let text: string;
      try {
        if (fs.statSync(p).size > MAX_DISCOVERY_BYTES) continue;
        text = fs.readFileSync(p, 'utf8');
      } catch {
        continue;
      }
      if (detectDialect({ path: p, text })) out.push(p);
    }
  }
  return out.sort();
}
