import { strict as assert } from 'assert';
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { ensureBuilt, ROOT } from './helpers';
import { progressBar } from '../../cli/progress';

/** The size of the large history: the 100 MB. */
const HISTORY_BYTES = 100 * 1024 * 1024;
/** Peak memory may grow by at most this much over the same import of a tiny file. */
const MAX_EXTRA_RSS_MB = 64;

/** Runs the CLI with the preload that prints the process's own peak RSS (kB) on exit. */
function runMeasured(args: string[], cwd: string): { code: number; stdout: string; stderr: string; maxRssMb: number } {
  ensureBuilt();
  const probe = path.join(ROOT, 'test', 'cli', 'fixtures', 'peak-rss.cjs');
  const r = spawnSync(process.execPath, ['--require', probe, path.join(ROOT, 'bin/rulelens.js'), ...args], { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const m = /peak-rss-kb=(\d+)/.exec(r.stderr);
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr, maxRssMb: m ? Number(m[1]) / 1024 : Infinity };
}

/** A Claude Code session of about `bytes`, written in chunks (few distinct calls, big results). */
function writeSession(file: string, bytes: number): number {
  const fd = fs.openSync(file, 'w');
  const filler = 'x'.repeat(3000);
  let written = 0;
  let calls = 0;
  try {
    while (written < bytes) {
      const lines: string[] = [];
      for (let i = 0; i < 200; i++, calls++) {
        const id = `toolu_${calls}`;
        const command = `npm run task${calls % 50}`;
        lines.push(JSON.stringify({ type: 'assistant', cwd: '/p', sessionId: 's', timestamp: new Date(Date.UTC(2026, 10, 1) + calls * 1000).toISOString(), message: { content: [{ type: 'tool_use', id, name: 'Bash', input: { command } }] } }));
        lines.push(JSON.stringify({ type: 'user', cwd: '/p', sessionId: 's', message: { content: [{ type: 'tool_result', tool_use_id: id, content: filler, is_error: false }] }, toolUseResult: { stdout: filler } }));
      }
      const chunk = lines.join('\n') + '\n';
      fs.writeSync(fd, chunk);
      written += Buffer.byteLength(chunk);
    }
  } finally {
    fs.closeSync(fd);
  }
  return calls;
}

describe('cli: import streams large histories in bounded memory', function () {
  this.timeout(600_000);
  it(`a ${HISTORY_BYTES / 1024 / 1024} MB session imports with peak memory within ${MAX_EXTRA_RSS_MB} MB of a tiny one`, () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rulelens-big-'));
    try {
      const big = path.join(dir, 'big.jsonl');
      const calls = writeSession(big, HISTORY_BYTES);
      const small = path.join(dir, 'small.jsonl');
      writeSession(small, 1);
      const base = runMeasured(['import', small, '--out', path.join(dir, 'small.requests.json')], dir);
      assert.equal(base.code, 0, base.stderr);
      const r = runMeasured(['import', big, '--out', path.join(dir, 'big.requests.json')], dir);
      assert.equal(r.code, 0, r.stderr);
      const doc = JSON.parse(fs.readFileSync(path.join(dir, 'big.requests.json'), 'utf8'));
      assert.equal(doc.requests.length, 50);
      assert.equal(doc.requests.reduce((n: number, q: { observed: { count: number } }) => n + q.observed.count, 0), calls);
      assert.ok(r.maxRssMb - base.maxRssMb < MAX_EXTRA_RSS_MB, `peak RSS ${r.maxRssMb.toFixed(0)} MB vs ${base.maxRssMb.toFixed(0)} MB for a tiny file`);
      // Piped stderr: no progress bar.
      assert.doesNotMatch(r.stderr, /\r|\[#/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('the progress bar draws on a terminal and clears itself; nothing when not a terminal', () => {
    const writes: string[] = [];
    const tty = { isTTY: true, write: (s: string) => writes.push(s) } as unknown as NodeJS.WriteStream;
    const bar = progressBar('import', tty);
    bar.update(50, 100);
    bar.update(100, 100);
    bar.done();
    assert.match(writes[0], /^\rimport \[#{15}-{15}\] {2}50%/);
    assert.match(writes.at(-2)!, /100%/);
    assert.equal(writes.at(-1), '\r\x1b[K');
    const quiet: string[] = [];
    const pipe = progressBar('import', { isTTY: false, write: (s: string) => quiet.push(s) } as unknown as NodeJS.WriteStream);
    pipe.update(1, 2);
    pipe.done();
    assert.deepEqual(quiet, []);
  });
});
