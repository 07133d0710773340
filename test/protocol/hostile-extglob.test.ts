import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { pathToFileURL } from 'url';
import { CONFIRM_REPS, GROWTH_FACTOR, median, REPS, SPREAD, withinFactor } from '../helpers/cpu-ratio';
import { CASES, hoverPositions, PATTERN_SHAPES, write, type HostileCase } from '../unit/hostile/entry-points';
import { buildServer } from './build';
import { LspClient } from './lsp-client';

/**
 * The language server over stdio, hovering a stored request whose command is thousands of `?`
 * (the shell grammar's extglob lookahead is quadratic in them): the server's CPU for the opened
 * files and the hover grows linearly, `GROWTH_FACTOR`× at most for `SPREAD`× the command, to 100 kB.
 */

const CHARS = 100_000;
/** /proc's unit of CPU time (USER_HZ, 100 on Linux). */
const TICK_MS = 10;
const FLOOR_MS = 5 * TICK_MS;
const QUIET_MS = 60;
const PROC = process.platform === 'linux' && fs.existsSync('/proc/self/stat');

function cpuOfPid(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}

const SHELL_CASES: HostileCase[] = [
  CASES.find((c) => c.id === 'claude Bash')!,
  { ...CASES.find((c) => c.id === 'codex')!, id: 'codex bash -lc', request: (s) => ({ command: ['bash', '-lc', s] }) },
  CASES.find((c) => c.id === 'gemini')!,
];

(PROC ? describe : describe.skip)('language server over stdio: commands of many `?` cost linearly (server CPU)', function () {
  this.timeout(60_000);
  let client: LspClient;
  let root: string;

  before(async () => {
    buildServer();
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'rulelens-lsp-extglob-'));
    client = new LspClient();
    await client.initialize(pathToFileURL(root).href);
  });

  after(async () => {
    await client?.stop();
    fs.rmSync(root, { recursive: true, force: true });
  });

  async function idle(): Promise<void> {
    let last = cpuOfPid(client.proc.pid!);
    for (;;) {
      await new Promise((r) => setTimeout(r, QUIET_MS));
      const now = cpuOfPid(client.proc.pid!);
      if (now === last) return;
      last = now;
    }
  }

  for (const c of SHELL_CASES) {
    it(`${c.id}: open + hover on the request within ${GROWTH_FACTOR}× for ${SPREAD}× the command`, async () => {
      const sizes = [CHARS / SPREAD, CHARS].map((n) => 'a?'.repeat(n / 2));
      const samples: number[][] = [[], []];
      let round = 0;
      const once = async (i: number) => {
        const pattern = PATTERN_SHAPES[0].of(1, 'bcdefghijklmnopqrstuvwxy'[round % 24]);
        const w = write(c, pattern, sizes[i], root);
        const ruleUri = pathToFileURL(w.rules).href;
        const requestsUri = pathToFileURL(w.requests).href;
        await idle();
        const t = cpuOfPid(client.proc.pid!);
        await client.open(ruleUri, w.ruleText, w.rules.endsWith('.toml') ? 'toml' : w.rules.endsWith('.rules') ? 'starlark' : 'json');
        await client.open(requestsUri, w.requestText);
        await client.until(() => client.diagnostics.has(ruleUri) && client.diagnostics.has(requestsUri), 50_000, 'diagnostics');
        const hover = await client.request<{ contents: unknown } | null>('textDocument/hover', { textDocument: { uri: requestsUri }, position: hoverPositions({ c, w, subject: sizes[i] }, pattern).request });
        await idle();
        const ms = cpuOfPid(client.proc.pid!) - t;
        assert.ok(hover, 'the request hover answers');
        await client.conn.sendNotification('textDocument/didClose', { textDocument: { uri: ruleUri } });
        await client.conn.sendNotification('textDocument/didClose', { textDocument: { uri: requestsUri } });
        return ms;
      };
      await once(0);
      const sample = async (reps: number) => {
        for (let r = 0; r < reps; r++, round++) for (const i of round % 2 ? [1, 0] : [0, 1]) samples[i].push(await once(i));
      };
      await sample(REPS);
      let verdict = withinFactor(`${c.id} stdio open + hover`, median(samples[1]), median(samples[0]), GROWTH_FACTOR, FLOOR_MS);
      if (!verdict.ok) {
        await sample(CONFIRM_REPS);
        verdict = withinFactor(`${c.id} stdio open + hover`, median(samples[1]), median(samples[0]), GROWTH_FACTOR, FLOOR_MS);
      }
      if (process.env.HOSTILE_VERBOSE) console.log(verdict.text);
      assert.ok(verdict.ok, verdict.text);
    });
  }
});
