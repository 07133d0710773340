import * as fs from 'fs';
import { StringDecoder } from 'string_decoder';

/** A line longer than this is skipped with an error, so one huge line cannot exhaust memory. */
export const MAX_LINE_BYTES = 16 * 1024 * 1024;
/** Read size per chunk. */
const CHUNK_BYTES = 256 * 1024;

export interface Line {
  /** 1-based line number. */
  number: number;
  /** The line's text without its line ending; undefined when it was too long to keep. */
  text: string | undefined;
}

/**
 * The lines of a file, read in chunks so memory stays bounded by the longest line, not the file.
 * `onBytes` reports progress after each chunk.
 * @example for await (const l of readLines('a.jsonl')) console.log(l.number, l.text)
 */
export async function* readLines(file: string, onBytes?: (n: number) => void): AsyncGenerator<Line> {
  const stream = fs.createReadStream(file, { highWaterMark: CHUNK_BYTES });
  const decoder = new StringDecoder('utf8');
  let parts: string[] = [];
  let pending = 0;
  let overflow = false;
  let number = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    onBytes?.(chunk.length);
    const text = decoder.write(chunk);
    let from = 0;
    for (;;) {
      const nl = text.indexOf('\n', from);
      if (nl < 0) break;
      number++;
      const tail = text.slice(from, nl);
      if (overflow || pending + tail.length > MAX_LINE_BYTES) yield { number, text: undefined };
      else yield { number, text: stripCr(parts.length ? parts.join('') + tail : tail) };
      parts = [];
      pending = 0;
      overflow = false;
      from = nl + 1;
    }
    const rest = text.slice(from);
    if (!overflow && rest.length) {
      if (pending + rest.length > MAX_LINE_BYTES) {
        overflow = true;
        parts = [];
        pending = 0;
      } else {
        parts.push(rest);
        pending += rest.length;
      }
    }
  }
  const last = parts.join('') + decoder.end();
  if (overflow) yield { number: number + 1, text: undefined };
  else if (last.length) yield { number: number + 1, text: stripCr(last) };
}

function stripCr(s: string): string {
  return s.endsWith('\r') ? s.slice(0, -1) : s;
}
