import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { readHistoryFile } from '../../../shared/history/read-file';
import type { LineError, Observation } from '../../../shared/history/types';

/** Writes lines (objects are JSON-encoded) to a scratch file named `name`. */
export function historyFile(name: string, lines: Array<object | string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rulelens-hist-'));
  const file = path.join(dir, name);
  fs.writeFileSync(file, lines.map((l) => (typeof l === 'string' ? l : JSON.stringify(l))).join('\n') + '\n');
  return file;
}

/** Every call and error one file yields. */
export async function readAll(file: string): Promise<{ calls: Observation[]; errors: LineError[] }> {
  const calls: Observation[] = [];
  const errors: LineError[] = [];
  await readHistoryFile(file, { call: (o) => calls.push(o), error: (e) => errors.push(e) });
  return { calls, errors };
}

/** A Claude Code assistant entry with one tool_use block. */
export function toolUse(id: string, name: string, input: object, extra: object = {}): object {
  return { type: 'assistant', cwd: '/p', sessionId: 's', timestamp: '2026-11-01T10:00:00.000Z', message: { role: 'assistant', content: [{ type: 'tool_use', id, name, input }] }, ...extra };
}

/** A Claude Code user entry with the result of a tool_use. */
export function toolResult(id: string, content: string, isError = false, extra: object = {}): object {
  return { type: 'user', cwd: '/p', sessionId: 's', timestamp: '2026-11-01T10:00:05.000Z', message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: id, content, is_error: isError }] }, ...extra };
}
