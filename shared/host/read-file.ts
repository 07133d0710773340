import * as fs from 'fs';
import { isUtf8 } from 'buffer';
import { thousands } from '../text/thousands';

/** Rule and requests files larger than this are refused before reading: real ones are a few kB. */
export const MAX_RULE_FILE_BYTES = 8 * 1024 * 1024;
/** Other text files (ledgers, configs) larger than this are refused: no input costs more memory. */
export const MAX_TEXT_FILE_BYTES = 64 * 1024 * 1024;
/** Reads go in chunks this big, so a file that grows after its stat stops at the limit. */
const CHUNK_BYTES = 1024 * 1024;

export type ReadProblem = 'missing' | 'not-a-file' | 'too-large' | 'unreadable' | 'not-utf8';

export type ReadResult =
  | { ok: true; text: string }
  /** `at` is the position of the first bad byte (not-utf8 only), as line and UTF-16 column. */
  | { ok: false; problem: ReadProblem; reason: string; at?: { line: number; character: number; byte: number } };

/**
 * What a stat says the path is, in words, when it is not a regular file (undefined when it is one).
 * @example kindOf(fs.statSync('/dev/null')) // 'a character device'
 */
export function kindOf(st: fs.Stats): string | undefined {
  if (st.isFile()) return undefined;
  if (st.isDirectory()) return 'a folder';
  if (st.isFIFO()) return 'a FIFO';
  if (st.isSocket()) return 'a socket';
  if (st.isCharacterDevice()) return 'a character device';
  if (st.isBlockDevice()) return 'a block device';
  return 'not a regular file';
}

const bytes = (n: number) => `${thousands(n)} bytes`;

/**
 * Reads a UTF-8 text file without ever hanging or costing more than `limit` bytes: the path is
 * stat'ed first and FIFOs, sockets and devices are refused without being opened; the size limit is
 * checked before reading and again while reading; bytes that are not UTF-8 are refused at the first
 * bad byte instead of turning into U+FFFD.
 * @example readBounded('/dev/zero') // { ok: false, problem: 'not-a-file', reason: 'is a character device, not a regular file' }
 */
export function readBounded(p: string, limit = MAX_RULE_FILE_BYTES, opts: { lossy?: boolean } = {}): ReadResult {
  let st: fs.Stats;
  try {
    st = fs.statSync(p);
  } catch (e) {
    return failure(e);
  }
  const before = refuse(st, limit);
  if (before) return before;
  let fd: number;
  try {
    // O_NONBLOCK: if the path was swapped for a FIFO after the stat, opening it cannot block.
    fd = fs.openSync(p, fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK ?? 0));
  } catch (e) {
    return failure(e);
  }
  let buf: Buffer;
  try {
    const again = refuse(fs.fstatSync(fd), limit);
    if (again) return again;
    const r = readAll(fd, limit);
    if (r === undefined) return { ok: false, problem: 'too-large', reason: `grew past the limit of ${bytes(limit)} while being read` };
    buf = r;
  } catch (e) {
    return failure(e);
  } finally {
    fs.closeSync(fd);
  }
  if (opts.lossy || isUtf8(buf)) return { ok: true, text: buf.toString('utf8') };
  const byte = firstInvalidUtf8(buf);
  const prefix = buf.subarray(0, byte).toString('utf8');
  const line = prefix.split('\n').length - 1;
  const character = prefix.length - (prefix.lastIndexOf('\n') + 1);
  const hex = buf.subarray(byte, byte + 1).toString('hex');
  return { ok: false, problem: 'not-utf8', reason: `is not UTF-8: byte 0x${hex} at offset ${byte} (line ${line + 1}, column ${character + 1}) is not valid UTF-8`, at: { line, character, byte } };
}

function refuse(st: fs.Stats, limit: number): ReadResult | undefined {
  const kind = kindOf(st);
  if (kind) return { ok: false, problem: 'not-a-file', reason: `is ${kind}, not a regular file` };
  if (st.size > limit) return { ok: false, problem: 'too-large', reason: `is ${bytes(st.size)}; the limit is ${bytes(limit)}` };
  return undefined;
}

/** Every byte of `fd`, or undefined as soon as there are more than `limit` (files under /proc report size 0). */
function readAll(fd: number, limit: number): Buffer | undefined {
  const chunks: Buffer[] = [];
  let total = 0;
  for (;;) {
    const chunk = Buffer.allocUnsafe(Math.min(CHUNK_BYTES, limit + 1 - total));
    const n = fs.readSync(fd, chunk, 0, chunk.length, null);
    if (n === 0) break;
    chunks.push(n === chunk.length ? chunk : chunk.subarray(0, n));
    total += n;
    if (total > limit) return undefined;
  }
  return Buffer.concat(chunks, total);
}

function failure(e: unknown): ReadResult {
  const code = (e as NodeJS.ErrnoException)?.code;
  if (code === 'ENOENT' || code === 'ENOTDIR') return { ok: false, problem: 'missing', reason: 'does not exist' };
  if (code === 'EACCES' || code === 'EPERM') return { ok: false, problem: 'unreadable', reason: 'cannot be read: permission denied' };
  if (code === 'EAGAIN' || code === 'EWOULDBLOCK') return { ok: false, problem: 'not-a-file', reason: 'is not a regular file (reading it would block)' };
  if (code === 'ELOOP') return { ok: false, problem: 'unreadable', reason: 'cannot be read: too many levels of symbolic links' };
  return { ok: false, problem: 'unreadable', reason: `cannot be read: ${e instanceof Error ? e.message : String(e)}` };
}

/**
 * Offset of the first byte that breaks UTF-8 (overlong forms, surrogates and code points past
 * U+10FFFF included, as the WHATWG decoder counts them), or the length when all is valid.
 * @example firstInvalidUtf8(Buffer.from([0x61, 0xff])) // 1
 */
export function firstInvalidUtf8(b: Uint8Array): number {
  let i = 0;
  while (i < b.length) {
    const c = b[i];
    if (c < 0x80) {
      i++;
      continue;
    }
    let need: number;
    let lo = 0x80;
    let hi = 0xbf;
    if (c >= 0xc2 && c <= 0xdf) need = 1;
    else if (c >= 0xe0 && c <= 0xef) {
      need = 2;
      if (c === 0xe0) lo = 0xa0;
      if (c === 0xed) hi = 0x9f;
    } else if (c >= 0xf0 && c <= 0xf4) {
      need = 3;
      if (c === 0xf0) lo = 0x90;
      if (c === 0xf4) hi = 0x8f;
    } else return i;
    for (let k = 1; k <= need; k++) {
      const d = b[i + k];
      if (d === undefined) return i;
      if (k === 1 ? d < lo || d > hi : d < 0x80 || d > 0xbf) return i;
    }
    i += need + 1;
  }
  return b.length;
}
