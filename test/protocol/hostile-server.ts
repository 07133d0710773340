import * as assert from 'assert';
import * as fs from 'fs';
import { pathToFileURL } from 'url';
import { EVALUATE_METHOD } from '../../shared/protocol';
import { hoverPositions, REQUEST_NAME, write, type HostileCase, type Written } from '../unit/hostile/entry-points';
import type { LspClient } from './lsp-client';

/**
 * The language server's own CPU time per request over stdio, for the hostile cases of
 * `test/unit/hostile/entry-points.ts`: read from /proc around each request once the server is
 * idle (the test process and the machine's other work are not in it). Shared by the protocol test
 * (growth ratios) and `npm run bench -- hostile` (the 200-star table).
 */

/** /proc's unit of CPU time (USER_HZ, 100 on Linux). */
export const TICK_MS = 10;
/** The server counts as idle once its CPU time stays put this long (it validates after an edit, then stops). */
const QUIET_MS = 60;

/** Whether this machine has the /proc files the server's CPU time is read from. */
export const HAS_PROC = process.platform === 'linux' && fs.existsSync('/proc/self/stat');

/** Milliseconds of CPU (user + system) process `pid` has used: fields 14 and 15 of /proc/PID/stat. */
export function cpuOfPid(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}

const languageOf = (file: string) => (file.endsWith('.toml') ? 'toml' : file.endsWith('.rules') ? 'starlark' : 'json');

/** The requests an editor sends about a rule file and its requests file, by name. */
export function requestsFor(c: HostileCase, w: Written, pattern: string, subject: string): Array<[string, string, unknown]> {
  const at = hoverPositions({ c, w, subject }, pattern);
  const rule = pathToFileURL(w.rules).href;
  const requests = pathToFileURL(w.requests).href;
  return [
    ['hover on the rule', 'textDocument/hover', { textDocument: { uri: rule }, position: at.rule }],
    ['hover on the request', 'textDocument/hover', { textDocument: { uri: requests }, position: at.request }],
    ['code lens (rules)', 'textDocument/codeLens', { textDocument: { uri: rule } }],
    ['code lens (requests)', 'textDocument/codeLens', { textDocument: { uri: requests } }],
    ['completion', 'textDocument/completion', { textDocument: { uri: rule }, position: at.rule }],
    ['trace view', EVALUATE_METHOD, { uri: rule, requestName: REQUEST_NAME }],
    ['evaluate', EVALUATE_METHOD, { uri: rule, request: c.request(subject) }],
  ];
}

/** Waits until the server's CPU time stops moving (its validation of the last change is done). */
export async function idle(client: LspClient): Promise<void> {
  let last = cpuOfPid(client.proc.pid!);
  for (;;) {
    await new Promise((r) => setTimeout(r, QUIET_MS));
    const now = cpuOfPid(client.proc.pid!);
    if (now === last) return;
    last = now;
  }
}

/**
 * Opens one case's files (written under `root`) in the server and measures its CPU time for the
 * diagnostics and for each request, each sent `repeat(name)` times in a row (a bench's sum rises
 * above the clock's 10 ms tick); closes the files after. The trace view and evaluate must answer `ok`.
 * @example await serverCosts(client, root, CASES[0], pattern, subject) // Map { 'diagnostics' => 40, 'hover on the rule' => 0, … }
 */
export async function serverCosts(client: LspClient, root: string, c: HostileCase, pattern: string, subject: string, repeat: (name: string) => number = () => 1): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  const w = write(c, pattern, subject, root);
  const ruleUri = pathToFileURL(w.rules).href;
  const requestsUri = pathToFileURL(w.requests).href;
  const pid = client.proc.pid!;
  try {
    await idle(client);
    let t = cpuOfPid(pid);
    await client.open(ruleUri, w.ruleText, languageOf(w.rules));
    await client.open(requestsUri, w.requestText);
    await client.until(() => client.diagnostics.has(ruleUri) && client.diagnostics.has(requestsUri), 120_000, 'diagnostics');
    await idle(client);
    out.set('diagnostics', cpuOfPid(pid) - t);
    for (const [name, method, params] of requestsFor(c, w, pattern, subject)) {
      t = cpuOfPid(pid);
      for (let k = 0, n = repeat(name); k < n; k++) {
        const answer = await client.request<unknown>(method, params);
        if (name === 'trace view' || name === 'evaluate') assert.strictEqual((answer as { ok: boolean }).ok, true, `${name}: ${JSON.stringify(answer).slice(0, 200)}`);
      }
      out.set(name, cpuOfPid(pid) - t);
    }
  } finally {
    await client.conn.sendNotification('textDocument/didClose', { textDocument: { uri: ruleUri } });
    await client.conn.sendNotification('textDocument/didClose', { textDocument: { uri: requestsUri } });
    client.diagnostics.delete(ruleUri);
    client.diagnostics.delete(requestsUri);
    fs.rmSync(w.dir, { recursive: true, force: true });
  }
  return out;
}
