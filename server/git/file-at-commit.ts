import { TOO_BIG, type ObjectStore } from './object-store';

/** What a commit holds at a path, as far as the object store alone can tell. */
export type FileAtCommit =
  /** A file (or a symbolic link: its target, as `git show` prints it). */
  | { kind: 'file'; data: Buffer }
  /** Larger than the caller's limit. */
  | { kind: 'too-big' }
  /** The path names nothing in the commit's tree. */
  | { kind: 'absent' };

/** Modes of tree entries `git show COMMIT:PATH` prints as content. */
const FILE_MODES = new Set(['100644', '100755', '120000']);
const DIRECTORY_MODE = '40000';

/**
 * The entry `name` of a tree object's data: its mode and id (hex), or undefined. A tree entry is
 * `MODE NAME\0ID`, the id raw bytes of the hash's length.
 */
function entryOf(tree: Buffer, name: Buffer, idBytes: number): { mode: string; id: string } | undefined {
  let i = 0;
  while (i < tree.length) {
    const space = tree.indexOf(0x20, i);
    const nul = tree.indexOf(0, space + 1);
    if (space < 0 || nul < 0 || nul + 1 + idBytes > tree.length) return undefined;
    if (nul - space - 1 === name.length && tree.compare(name, 0, name.length, space + 1, nul) === 0) {
      return { mode: tree.toString('latin1', i, space), id: tree.toString('hex', nul + 1, nul + 1 + idBytes) };
    }
    i = nul + 1 + idBytes;
  }
  return undefined;
}

/**
 * What `commit` holds at `relPath` (relative to the work tree's top, `/`-separated), read through
 * `store`; undefined when the store alone cannot tell (a missing object, a submodule, a directory
 * where a file was asked for): the caller then asks git.
 * @example fileAtCommit(store, head, 'config/opencode.json', 1 << 20) // { kind: 'file', data: <Buffer …> }
 */
export function fileAtCommit(store: ObjectStore, commit: string, relPath: string, maxBytes: number): FileAtCommit | undefined {
  const idBytes = commit.length / 2;
  const c = store.read(commit, Number.MAX_SAFE_INTEGER);
  if (!c || c === TOO_BIG || c.type !== 'commit') return undefined;
  const tree = /^tree ([0-9a-f]+)\n/.exec(c.data.toString('latin1', 0, 100))?.[1];
  if (!tree || tree.length !== commit.length) return undefined;
  const parts = relPath.split('/');
  if (parts.some((p) => p === '' || p === '.' || p === '..')) return undefined;
  let id = tree;
  for (let k = 0; k < parts.length; k++) {
    const t = store.read(id, Number.MAX_SAFE_INTEGER);
    if (!t || t === TOO_BIG || t.type !== 'tree') return undefined;
    const e = entryOf(t.data, Buffer.from(parts[k], 'utf8'), idBytes);
    if (!e) return { kind: 'absent' };
    const last = k === parts.length - 1;
    if (!last) {
      // A file or link where a folder was expected: git says the path does not exist.
      if (e.mode !== DIRECTORY_MODE) return FILE_MODES.has(e.mode) ? { kind: 'absent' } : undefined;
      id = e.id;
      continue;
    }
    if (!FILE_MODES.has(e.mode)) return undefined;
    const blob = store.read(e.id, maxBytes);
    if (blob === TOO_BIG) return { kind: 'too-big' };
    return blob && blob.type === 'blob' ? { kind: 'file', data: blob.data } : undefined;
  }
  return undefined;
}
