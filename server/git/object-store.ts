import { createHash } from 'crypto';
import * as fs from 'fs';
import * as path from 'path';
import { kMaxLength } from 'buffer';
import { inflateSync } from 'zlib';

/**
 * A git object database read in-process: loose objects, and packs with a version-2 index, their
 * deltas applied. The language server reads one rule file at HEAD when a file is first opened; a
 * `git show` for it forks the server, and a fork of a process with a large heap costs more than the
 * read (the fork copies its page tables, and every page it then writes faults once). Anything this
 * reader does not know (an old index format, an object found in no pack, a hash that does not
 * check out) reads as undefined, and the caller asks git instead.
 */

export type ObjectType = 'commit' | 'tree' | 'blob' | 'tag';

export interface GitObject {
  type: ObjectType;
  data: Buffer;
}

/** An object whose content is larger than the caller's limit: nothing past the limit is inflated. */
export const TOO_BIG = 'too-big';

/** Deltas one object may stack: git itself writes chains of 50 by default and caps them at 4095. */
export const MAX_DELTA_CHAIN = 4096;

const PACK_TYPES: Record<number, ObjectType> = { 1: 'commit', 2: 'tree', 3: 'blob', 4: 'tag' };
const OFS_DELTA = 6;
const REF_DELTA = 7;
/** `\377tOc`, then version 2: the index format git has written since 1.5.2. */
const IDX_MAGIC = 0xff744f63;
const FANOUT_AT = 8;
const NAMES_AT = FANOUT_AT + 256 * 4;
/** A pack entry's header: type and size (up to 10 bytes), then a delta base offset (up to 10) or id. */
const HEADER_BYTES = 20 + 64;
/** Bytes a loose object's header may take before its content: `blob 123456789\0` and more. */
const LOOSE_HEADER_ROOM = 64;
/** Bases named by id that one read may follow in turn (a corrupt store could name them in a circle). */
const MAX_BASE_LOOKUPS = 64;

interface PackIndex {
  idx: string;
  pack: string;
  /** Objects up to each first byte, as the index's fan-out table says. */
  fanout: Uint32Array;
  count: number;
  /** The file's size and time when read: an index rewritten in place is read again. */
  stamp: string;
}

/** One entry of a pack: its own type, inflated size and data start, and its base when a delta. */
interface PackEntry {
  type: number;
  size: number;
  dataAt: number;
  baseOffset: number;
  baseId: Buffer | undefined;
}

function readAt(fd: number, at: number, length: number): Buffer {
  const buf = Buffer.allocUnsafe(length);
  let got = 0;
  while (got < length) {
    const n = fs.readSync(fd, buf, got, length - got, at + got);
    if (n === 0) break;
    got += n;
  }
  return got === length ? buf : buf.subarray(0, got);
}

function withFile<T>(file: string, f: (fd: number) => T): T {
  const fd = fs.openSync(file, 'r');
  try {
    return f(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/** The id git gives `data` as an object of `type`: a hash of its header and content. */
function objectId(type: ObjectType, data: Buffer, algorithm: 'sha1' | 'sha256'): string {
  return createHash(algorithm).update(`${type} ${data.length}\0`).update(data).digest('hex');
}

/**
 * A delta applied to its base, or undefined when the delta does not fit it. A delta is the base's
 * size, the result's size, then instructions: copy a run of the base, or insert literal bytes.
 */
export function applyDelta(base: Buffer, delta: Buffer): Buffer | undefined {
  let i = 0;
  const size = (): number => {
    let v = 0;
    let scale = 1;
    for (;;) {
      if (i >= delta.length) return -1;
      const c = delta[i++];
      v += (c & 0x7f) * scale;
      scale *= 128;
      if (!(c & 0x80)) return v;
    }
  };
  if (size() !== base.length) return undefined;
  const outSize = size();
  if (outSize < 0) return undefined;
  const out = Buffer.allocUnsafe(outSize);
  let o = 0;
  while (i < delta.length) {
    const op = delta[i++];
    if (op & 0x80) {
      // Copy: which offset and size bytes follow is told by the op's low seven bits.
      let from = 0;
      let n = 0;
      for (let b = 0, scale = 1; b < 4; b++, scale *= 256) if (op & (1 << b)) from += delta[i++] * scale;
      for (let b = 0, scale = 1; b < 3; b++, scale *= 256) if (op & (0x10 << b)) n += delta[i++] * scale;
      if (n === 0) n = 0x10000;
      if (i > delta.length || from + n > base.length || o + n > outSize) return undefined;
      base.copy(out, o, from, from + n);
      o += n;
    } else if (op > 0) {
      if (i + op > delta.length || o + op > outSize) return undefined;
      delta.copy(out, o, i, i + op);
      i += op;
      o += op;
    } else return undefined; // op 0 is reserved
  }
  return o === outSize ? out : undefined;
}

/**
 * A chain's base with its deltas applied, the base's own first (`deltas` lists them from the object
 * asked for down to the base), or undefined when one does not fit.
 */
function withDeltas(type: ObjectType, base: Buffer | undefined, deltas: readonly Buffer[], maxBytes: number): GitObject | typeof TOO_BIG | undefined {
  let data = base;
  for (let k = deltas.length - 1; data && k >= 0; k--) data = applyDelta(data, deltas[k]);
  if (!data) return undefined;
  return data.length > maxBytes ? TOO_BIG : { type, data };
}

/**
 * The objects of one repository (its `objects` folder). Every object read is checked against its
 * id before it is returned, so a misread can only ever end in undefined, never in wrong content.
 * @example new ObjectStore('/repo/.git/objects', 'sha1').read(commitId)?.type // 'commit'
 */
export class ObjectStore {
  private readonly hashBytes: number;
  private indexes: PackIndex[] | undefined;
  private packsStamp = '';
  private lookups = 0;

  constructor(private readonly dir: string, private readonly algorithm: 'sha1' | 'sha256') {
    this.hashBytes = algorithm === 'sha1' ? 20 : 32;
  }

  /**
   * The object `id` (hex), `TOO_BIG` when its content is larger than `maxBytes`, or undefined when
   * this reader cannot tell (not found, a format it does not read, content that fails its check).
   */
  read(id: string, maxBytes: number): GitObject | typeof TOO_BIG | undefined {
    if (id.length !== this.hashBytes * 2 || !/^[0-9a-f]+$/.test(id)) return undefined;
    try {
      const got = this.readPacked(Buffer.from(id, 'hex'), maxBytes) ?? this.readLoose(id, maxBytes);
      if (got === undefined || got === TOO_BIG) return got;
      return objectId(got.type, got.data, this.algorithm) === id ? got : undefined;
    } catch {
      // A pack repacked away under us, a truncated file, a corrupt stream: git is asked instead.
      return undefined;
    }
  }

  private readLoose(id: string, maxBytes: number): GitObject | typeof TOO_BIG | undefined {
    let raw: Buffer;
    try {
      raw = fs.readFileSync(path.join(this.dir, id.slice(0, 2), id.slice(2)));
    } catch {
      return undefined;
    }
    // Inflated once, stopped past the limit (plus room for the header): a huge object, however
    // well it compresses, is refused without being inflated whole.
    let all: Buffer;
    try {
      all = inflateSync(raw, { maxOutputLength: Math.min(maxBytes + LOOSE_HEADER_ROOM, kMaxLength) });
    } catch (e) {
      if (e instanceof RangeError) return TOO_BIG;
      throw e;
    }
    const nul = all.indexOf(0);
    const m = nul < 0 ? null : /^(commit|tree|blob|tag) (\d+)$/.exec(all.toString('latin1', 0, nul));
    if (!m) return undefined;
    const size = Number(m[2]);
    if (size > maxBytes) return TOO_BIG;
    const data = all.subarray(nul + 1);
    return data.length === size ? { type: m[1] as ObjectType, data } : undefined;
  }

  /** The packs' indexes, listed again whenever the pack folder changes (a fetch, a gc). */
  private packIndexes(): PackIndex[] {
    const packDir = path.join(this.dir, 'pack');
    let stamp: string;
    try {
      const st = fs.statSync(packDir);
      stamp = `${st.mtimeMs}:${st.ino}`;
    } catch {
      return [];
    }
    if (this.indexes && stamp === this.packsStamp) return this.indexes;
    const old = new Map((this.indexes ?? []).map((x) => [x.idx, x]));
    const out: PackIndex[] = [];
    for (const name of fs.readdirSync(packDir)) {
      if (!name.endsWith('.idx')) continue;
      const idx = path.join(packDir, name);
      const pack = idx.slice(0, -4) + '.pack';
      const st = fs.statSync(idx);
      const fileStamp = `${st.size}:${st.mtimeMs}`;
      const kept = old.get(idx);
      if (kept && kept.stamp === fileStamp) {
        out.push(kept);
        continue;
      }
      const head = withFile(idx, (fd) => readAt(fd, 0, NAMES_AT));
      // Version 1 indexes (no magic) come from git before 1.5.2: git reads those itself.
      if (head.length < NAMES_AT || head.readUInt32BE(0) !== IDX_MAGIC || head.readUInt32BE(4) !== 2) continue;
      const fanout = new Uint32Array(256);
      for (let b = 0; b < 256; b++) fanout[b] = head.readUInt32BE(FANOUT_AT + 4 * b);
      out.push({ idx, pack, fanout, count: fanout[255], stamp: fileStamp });
    }
    this.indexes = out;
    this.packsStamp = stamp;
    return out;
  }

  /** Where `id` starts in one of the packs, by the fan-out table and a binary search of that range. */
  private find(id: Buffer): { index: PackIndex; offset: number } | undefined {
    const h = this.hashBytes;
    for (const index of this.packIndexes()) {
      const lo = id[0] === 0 ? 0 : index.fanout[id[0] - 1];
      const hi = index.fanout[id[0]];
      if (hi <= lo) continue;
      const offset = withFile(index.idx, (fd) => {
        const names = readAt(fd, NAMES_AT + lo * h, (hi - lo) * h);
        let found = -1;
        for (let a = 0, b = hi - lo - 1; a <= b && found < 0; ) {
          const mid = (a + b) >> 1;
          const c = names.compare(id, 0, h, mid * h, mid * h + h);
          if (c === 0) found = lo + mid;
          else if (c < 0) a = mid + 1;
          else b = mid - 1;
        }
        if (found < 0) return -1;
        const offsetsAt = NAMES_AT + index.count * h + index.count * 4;
        const small = readAt(fd, offsetsAt + found * 4, 4).readUInt32BE(0);
        if (!(small & 0x80000000)) return small;
        // Packs over 2 GB keep large offsets in a table of their own.
        const large = readAt(fd, offsetsAt + index.count * 4 + (small & 0x7fffffff) * 8, 8);
        return large.readUInt32BE(0) * 2 ** 32 + large.readUInt32BE(4);
      });
      if (offset >= 0) return { index, offset };
    }
    return undefined;
  }

  private entryAt(fd: number, offset: number): PackEntry | undefined {
    const b = readAt(fd, offset, HEADER_BYTES);
    let i = 0;
    let c = b[i++];
    const type = (c >> 4) & 7;
    let size = c & 15;
    let scale = 16;
    while (c & 0x80) {
      if (i >= b.length) return undefined;
      c = b[i++];
      size += (c & 0x7f) * scale;
      scale *= 128;
    }
    let baseOffset = -1;
    let baseId: Buffer | undefined;
    if (type === OFS_DELTA) {
      // A distance back to the base, in git's own encoding (each continuation adds one).
      c = b[i++];
      let back = c & 0x7f;
      while (c & 0x80) {
        if (i >= b.length) return undefined;
        c = b[i++];
        back = (back + 1) * 128 + (c & 0x7f);
      }
      baseOffset = offset - back;
      if (baseOffset < 0) return undefined;
    } else if (type === REF_DELTA) {
      baseId = Buffer.from(b.subarray(i, i + this.hashBytes));
      i += this.hashBytes;
    } else if (!PACK_TYPES[type]) return undefined;
    return { type, size, dataAt: offset + i, baseOffset, baseId };
  }

  /** An entry's data inflated: exactly its stated size, read from at most deflate's worst case of input. */
  private inflateAt(fd: number, e: PackEntry): Buffer | undefined {
    const bound = e.size + 5 * (Math.ceil(e.size / 16383) + 1) + 64;
    const data = inflateSync(readAt(fd, e.dataAt, bound));
    return data.length === e.size ? data : undefined;
  }

  private readPacked(id: Buffer, maxBytes: number): GitObject | typeof TOO_BIG | undefined {
    const at = this.find(id);
    if (!at) return undefined;
    return withFile(at.index.pack, (fd) => {
      // Walk down to the chain's base, then apply its deltas from the base up.
      const deltas: Buffer[] = [];
      let offset = at.offset;
      for (let depth = 0; depth <= MAX_DELTA_CHAIN; depth++) {
        const e = this.entryAt(fd, offset);
        if (!e) return undefined;
        if (e.type !== OFS_DELTA && e.type !== REF_DELTA) {
          if (deltas.length === 0 && e.size > maxBytes) return TOO_BIG;
          return withDeltas(PACK_TYPES[e.type], this.inflateAt(fd, e), deltas, maxBytes);
        }
        const delta = this.inflateAt(fd, e);
        if (!delta) return undefined;
        deltas.push(delta);
        if (e.type === OFS_DELTA) {
          offset = e.baseOffset;
          continue;
        }
        // A base named by id may sit anywhere: read it whole (it is checked), then apply ours.
        if (this.lookups >= MAX_BASE_LOOKUPS) return undefined;
        this.lookups++;
        let base: GitObject | typeof TOO_BIG | undefined;
        try {
          base = this.read(e.baseId!.toString('hex'), Number.MAX_SAFE_INTEGER);
        } finally {
          this.lookups--;
        }
        if (!base || base === TOO_BIG) return undefined;
        return withDeltas(base.type, base.data, deltas, maxBytes);
      }
      return undefined;
    });
  }
}
