import * as fs from 'fs';
import * as path from 'path';
import { detectDialect, isRequestsFile } from '../dialects';
import { readBounded } from '../host/read-file';

/** Folders never searched for rule files. */
export const SKIP_DIRS = new Set(['node_modules', '.git', 'dist', 'out', '.vscode-test', '.e2e']);
/** Discovery stops after this many files: a check of `/` must end (and says that it stopped). */
export const MAX_DISCOVERED_FILES = 100_000;
/** A file too large to read whole is sniffed by this many leading bytes to tell whether it looks like rules. */
export const SNIFF_BYTES = 64 * 1024;

/** Extensions whose files are sniffed by content; a name a dialect claims is taken whatever it ends with. */
const CANDIDATE = /\.(?:jsonc?|ya?ml|rules|toml|codexpolicy|sh)$/i;

/**
 * Whether a file name is worth a look for rules: claimed by a dialect, or of an extension sniffed
 * by content (requests files are found through their rule files, never on their own).
 * @example isCandidate('/ws/.claude/settings.json') // true
 */
export function isCandidate(p: string): boolean {
  const name = path.basename(p);
  return !isRequestsFile(name) && (claimedByName(p) || CANDIDATE.test(name));
}

export interface Discovery {
  /** Rule files, sorted: claimed by name (whatever state they are in: the check reports why one cannot be read) or by content. */
  files: string[];
  /** Folders that could not be listed, with the reason: rule files in them would go unchecked. */
  unreadableFolders: { path: string; reason: string }[];
  /** True when discovery stopped at MAX_DISCOVERED_FILES. */
  truncated: boolean;
}

/**
 * Whether a dialect claims the path by its name alone (`opencode.json`, `.claude/settings.json`, …).
 * @example claimedByName('p/.claude/settings.json') // true
 */
export function claimedByName(p: string): boolean {
  return !isRequestsFile(p) && detectDialect({ path: p, text: '' }) !== undefined;
}

/**
 * Whether a path looks like a rule file: claimed by name, or a readable file some dialect claims by
 * content. A file too large or not UTF-8 is judged by its first SNIFF_BYTES; a FIFO, socket or device
 * not claimed by name is never opened, so it never looks like one.
 * @example looksLikeRules('examples/opencode/opencode.json') // true
 */
export function looksLikeRules(p: string): boolean {
  if (isRequestsFile(p)) return false;
  if (claimedByName(p)) return true;
  const r = readBounded(p);
  if (r.ok) return detectDialect({ path: p, text: r.text }) !== undefined;
  if (r.problem !== 'too-large' && r.problem !== 'not-utf8') return false;
  const head = readHead(p);
  return head !== undefined && detectDialect({ path: p, text: head }) !== undefined;
}

/** The first SNIFF_BYTES of a regular file, decoded leniently. */
function readHead(p: string): string | undefined {
  let fd: number | undefined;
  try {
    fd = fs.openSync(p, fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK ?? 0));
    if (!fs.fstatSync(fd).isFile()) return undefined;
    const buf = Buffer.alloc(SNIFF_BYTES);
    const n = fs.readSync(fd, buf, 0, SNIFF_BYTES, 0);
    return buf.subarray(0, n).toString('utf8');
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

/**
 * Rule files under a folder, sorted; a file is taken as it is. Symlinked folders are not followed,
 * so a link loop cannot trap discovery; symlinked files are. Nothing rule-looking is dropped
 * silently: a rule file that cannot be read is still listed (its check says why), a folder that
 * cannot be listed is reported.
 * @example discoverRuleFiles('examples').files // ['examples/opencode/opencode.json', …]
 */
export function discoverRuleFiles(root: string): Discovery {
  const out: Discovery = { files: [], unreadableFolders: [], truncated: false };
  const st = fs.lstatSync(root);
  if (!st.isDirectory()) {
    out.files.push(root);
    return out;
  }
  const stack = [root];
  let seen = 0;
  while (stack.length) {
    const dir = stack.pop()!;
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      out.unreadableFolders.push({ path: dir, reason: code === 'EACCES' || code === 'EPERM' ? 'folder cannot be listed: permission denied' : `folder cannot be listed: ${e instanceof Error ? e.message : String(e)}` });
      continue;
    }
    for (const e of entries) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) {
        if (!SKIP_DIRS.has(e.name)) stack.push(p);
        continue;
      }
      if (!isCandidate(p)) continue;
      if (++seen > MAX_DISCOVERED_FILES) {
        out.truncated = true;
        return { ...out, files: out.files.sort() };
      }
      if (looksLikeRules(p)) out.files.push(p);
    }
  }
  out.files.sort();
  return out;
}
