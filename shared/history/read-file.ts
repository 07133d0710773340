import * as fs from 'fs';
import { ClaudeSessionReader } from './claude-session';
import { hookObservation, isHookLine } from './claude-hook';
import { GeminiSessionReader } from './gemini-session';
import { CodexSessionReader } from './codex-session';
import { MAX_LINE_BYTES, readLines } from './lines';
import type { LineError, Observation } from './types';

/** A whole-document Gemini session (`session-*.json`) larger than this is refused. */
export const MAX_JSON_DOCUMENT_BYTES = 64 * 1024 * 1024;

type Obj = Record<string, unknown>;

export interface ReadCallbacks {
  call(o: Observation): void;
  error(e: LineError): void;
  /** Bytes consumed, for progress. */
  bytes?(n: number): void;
}

/**
 * Reads one history file line by line, whatever agent wrote it: each line is recognised on its own
 * (a Claude Code session entry, a hook input line, a Gemini chat record, a Codex rollout record), so mixed or concatenated
 * logs work. A line that is not JSON or not a known record is an error with its line number; the
 * rest of the file is still read.
 * @example await readHistoryFile('s.jsonl', { call: (o) => calls.push(o), error: (e) => errors.push(e) })
 */
export async function readHistoryFile(file: string, cb: ReadCallbacks): Promise<void> {
  if (/\.json$/i.test(file)) return readJsonDocument(file, cb);
  const claude = new ClaudeSessionReader(file, cb.call);
  const gemini = new GeminiSessionReader(file, cb.call);
  const codex = new CodexSessionReader(file, cb.call);
  for await (const { number, text } of readLines(file, cb.bytes)) {
    if (text === undefined) {
      cb.error({ file, line: number, message: `line is longer than ${MAX_LINE_BYTES / 1024 / 1024} MB; skipped` });
      continue;
    }
    if (!text.trim()) continue;
    let v: unknown;
    try {
      v = JSON.parse(text);
    } catch (e) {
      cb.error({ file, line: number, message: `not JSON (${e instanceof Error ? e.message : String(e)}); line skipped` });
      continue;
    }
    if (!v || typeof v !== 'object' || Array.isArray(v)) {
      cb.error({ file, line: number, message: 'not a JSON object; line skipped' });
      continue;
    }
    const o = v as Obj;
    let problem: string | undefined;
    if (isHookLine(o)) {
      const r = hookObservation(o, file, number);
      if (typeof r === 'string') problem = r;
      else if (r) cb.call(r);
    } else if (CodexSessionReader.claims(o)) problem = codex.line(o, number);
    else if (GeminiSessionReader.claims(o)) problem = gemini.line(o, number);
    else if (ClaudeSessionReader.claims(o)) problem = claude.line(o, number);
    else problem = 'not a Claude Code session entry, hook input, Gemini CLI or Codex CLI record; line skipped';
    if (problem) cb.error({ file, line: number, message: problem });
  }
  claude.end();
  gemini.end();
  codex.end();
}

/** An older Gemini CLI session: one JSON document `{sessionId, messages: [...]}`. */
async function readJsonDocument(file: string, cb: ReadCallbacks): Promise<void> {
  const size = fs.statSync(file).size;
  if (size > MAX_JSON_DOCUMENT_BYTES) {
    cb.error({ file, line: 1, message: `a JSON session document over ${MAX_JSON_DOCUMENT_BYTES / 1024 / 1024} MB; skipped` });
    return;
  }
  const text = await fs.promises.readFile(file, 'utf8');
  cb.bytes?.(size);
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch (e) {
    cb.error({ file, line: 1, message: `not JSON (${e instanceof Error ? e.message : String(e)}); file skipped` });
    return;
  }
  if (!v || typeof v !== 'object' || !Array.isArray((v as Obj).messages)) {
    cb.error({ file, line: 1, message: 'not a Gemini CLI session document (no "messages" array); file skipped' });
    return;
  }
  const gemini = new GeminiSessionReader(file, cb.call);
  gemini.line(v as Obj, 1);
  gemini.end();
}
