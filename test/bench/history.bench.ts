import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { initDialects } from '../../shared/dialects';
import { claude } from '../../shared/dialects/claude';
import { importHistory } from '../../shared/history/import';
import { suggestClaude } from '../../shared/dialects/claude/history/suggest';
import { generateMonth } from '../history/generate-month';
import type { BenchResult } from './result';

/** Size of the session file imported: large enough to measure streaming, small enough for a bench run. */
const SESSION_MB = 20;

function writeSession(file: string, bytes: number): void {
  const fd = fs.openSync(file, 'w');
  const filler = 'x'.repeat(3000);
  let written = 0;
  for (let n = 0; written < bytes; ) {
    const lines: string[] = [];
    for (let i = 0; i < 200; i++, n++) {
      lines.push(JSON.stringify({ type: 'assistant', cwd: '/p', timestamp: new Date(Date.UTC(2026, 10, 1) + n * 1000).toISOString(), message: { content: [{ type: 'tool_use', id: `t${n}`, name: 'Bash', input: { command: `npm run task${n % 50}` } }] } }));
      lines.push(JSON.stringify({ type: 'user', cwd: '/p', message: { content: [{ type: 'tool_result', tool_use_id: `t${n}`, content: filler, is_error: false }] } }));
    }
    const chunk = lines.join('\n') + '\n';
    fs.writeSync(fd, chunk);
    written += Buffer.byteLength(chunk);
  }
  fs.closeSync(fd);
}

/**
 * History: importing a Claude Code session (time per MB, and the heap it keeps), and suggesting
 * least-privilege rules for the synthetic month (time).
 */
export async function run(): Promise<BenchResult[]> {
  await initDialects();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rulelens-bench-hist-'));
  try {
    const file = path.join(dir, 'session.jsonl');
    writeSession(file, SESSION_MB * 1024 * 1024);
    const heap0 = process.memoryUsage().heapUsed;
    let peak = heap0;
    const t0 = process.hrtime.bigint();
    const r = await importHistory([file], { progress: () => (peak = Math.max(peak, process.memoryUsage().heapUsed)) });
    const ms = Number(process.hrtime.bigint() - t0) / 1e6;
    const m = generateMonth(path.join(dir, 'month'), 1);
    const month = await importHistory([m.claudeProjects, m.hookLog, m.geminiChats, m.codexRollout]);
    const text = fs.readFileSync(m.settings, 'utf8');
    const parse = (t: string) => claude.parse({ path: m.settings, text: t }, { home: os.homedir() });
    const t1 = process.hrtime.bigint();
    suggestClaude(claude, parse(text), text, parse, month.entries, {});
    const sms = Number(process.hrtime.bigint() - t1) / 1e6;
    return [
      { name: `import: ${SESSION_MB} MB Claude Code session (${r.calls} calls), per MB`, value: ms / SESSION_MB, unit: 'ms' },
      { name: `import: peak heap above the start while reading ${SESSION_MB} MB`, value: (peak - heap0) / 2 ** 20, unit: 'MB', note: 'bounded by distinct calls, not file size' },
      { name: `suggest: synthetic month (${month.entries.length} distinct calls, ${month.calls} calls)`, value: sms, unit: 'ms' },
    ];
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
