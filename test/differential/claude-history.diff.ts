// The session files the real Claude Code writes, read back by `rulelens import`: one tool call per
// run, handed to the CLI by a local mock of the Messages API. Checks that the reader pairs each call
// with its result and reads allowed, rule-denied and refused (headless "ask") outcomes, and the
// permission mode, as the agent recorded them.
import { strict as assert } from 'assert';
import { spawn, spawnSync } from 'child_process';
import * as fs from 'fs';
import * as http from 'http';
import type { AddressInfo } from 'net';
import * as os from 'os';
import * as path from 'path';
import { installOracle } from './oracle-cache';
import { readHistoryFile } from '../../shared/history/read-file';
import type { Observation } from '../../shared/history/types';

const CLAUDE_VERSION = '2.1.328';
/** A run of the CLI that takes longer than this is killed (it never needs more than a few seconds). */
const RUN_TIMEOUT_MS = 90_000;

type Tool = { name: string; input: Record<string, unknown> };

/** A Messages API stand-in: the first turn asks for `tool`, the turn after its result ends. */
function mockApi(tool: Tool): Promise<{ port: number; close(): void }> {
  const message = (id: string) => ({ id, type: 'message', role: 'assistant', model: 'claude-sonnet-4-5', content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: 1, output_tokens: 1 } });
  const stream = (res: http.ServerResponse, events: Array<[string, object]>) => {
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    for (const [e, d] of events) res.write(`event: ${e}\ndata: ${JSON.stringify(d)}\n\n`);
    res.end();
  };
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      if (!req.url?.startsWith('/v1/messages')) {
        res.writeHead(404).end('{}');
        return;
      }
      const j = JSON.parse(body || '{}');
      if (!j.stream) {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ...message('m0'), content: [{ type: 'text', text: 'ok' }], stop_reason: 'end_turn' }));
        return;
      }
      const answered = JSON.stringify(j.messages ?? []).includes('tool_result');
      const block = answered ? { type: 'text', text: '' } : { type: 'tool_use', id: 'toolu_01', name: tool.name, input: {} };
      const delta = answered ? { type: 'text_delta', text: 'done' } : { type: 'input_json_delta', partial_json: JSON.stringify(tool.input) };
      stream(res, [
        ['message_start', { type: 'message_start', message: message(answered ? 'm2' : 'm1') }],
        ['content_block_start', { type: 'content_block_start', index: 0, content_block: block }],
        ['content_block_delta', { type: 'content_block_delta', index: 0, delta }],
        ['content_block_stop', { type: 'content_block_stop', index: 0 }],
        ['message_delta', { type: 'message_delta', delta: { stop_reason: answered ? 'end_turn' : 'tool_use', stop_sequence: null }, usage: { output_tokens: 1 } }],
        ['message_stop', { type: 'message_stop' }],
      ]);
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ port: (server.address() as AddressInfo).port, close: () => server.close() })));
}

/** Runs the real CLI headless in a fresh project and home; returns the calls its session file holds. */
async function sessionCalls(bin: string, settings: object, tool: Tool): Promise<Observation[]> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'rulelens-cc-hist-'));
  const home = path.join(root, 'home');
  const project = path.join(root, 'proj');
  fs.mkdirSync(path.join(project, '.claude'), { recursive: true });
  fs.mkdirSync(home);
  fs.writeFileSync(path.join(project, '.claude', 'settings.json'), JSON.stringify(settings));
  fs.writeFileSync(path.join(home, '.claude.json'), JSON.stringify({ projects: { [project]: { hasTrustDialogAccepted: true } } }));
  const api = await mockApi(tool);
  try {
    const env = {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: home,
      ANTHROPIC_API_KEY: 'dummy',
      ANTHROPIC_BASE_URL: `http://127.0.0.1:${api.port}`,
      DISABLE_TELEMETRY: '1',
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
      DISABLE_AUTOUPDATER: '1',
      DISABLE_ERROR_REPORTING: '1',
      HTTPS_PROXY: 'http://127.0.0.1:9',
      HTTP_PROXY: 'http://127.0.0.1:9',
      NO_PROXY: '127.0.0.1,localhost',
    };
    await new Promise<void>((resolve, reject) => {
      const p = spawn(bin, ['-p', 'go', '--output-format', 'stream-json', '--verbose'], { cwd: project, env, stdio: 'ignore' });
      const timer = setTimeout(() => p.kill('SIGKILL'), RUN_TIMEOUT_MS);
      p.on('exit', () => (clearTimeout(timer), resolve()));
      p.on('error', (e) => (clearTimeout(timer), reject(e)));
    });
  } finally {
    api.close();
  }
  const files = spawnSync('find', [path.join(home, '.claude', 'projects'), '-name', '*.jsonl'], { encoding: 'utf8' }).stdout.split('\n').filter(Boolean);
  assert.equal(files.length, 1, `one session file under ${home}/.claude/projects`);
  const calls: Observation[] = [];
  await readHistoryFile(files[0], { call: (o) => calls.push(o), error: (e) => assert.fail(`${e.file}:${e.line}: ${e.message}`) });
  return calls;
}

describe(`differential: Claude Code ${CLAUDE_VERSION} session files read by import`, function () {
  this.timeout(0);
  let bin: string;
  before(() => {
    bin = path.join(installOracle('@anthropic-ai/claude-code', CLAUDE_VERSION), 'node_modules', '.bin', 'claude');
  });
  const settings = { permissions: { allow: ['Bash(echo hi)'], deny: ['Bash(rm -rf x)'] } };
  const cases: Array<[string, Tool, Partial<Observation>]> = [
    ['an allowed command ran: approved', { name: 'Bash', input: { command: 'echo hi', description: 'x' } }, { tool: 'Bash', command: 'echo hi', outcome: 'approved' }],
    ['a deny rule: denied by permission-rule', { name: 'Bash', input: { command: 'rm -rf x', description: 'x' } }, { tool: 'Bash', command: 'rm -rf x', outcome: 'denied', denial: 'permission-rule' }],
    ['a prompt refused headless: denied as user-rejected', { name: 'Bash', input: { command: 'touch y', description: 'x' } }, { tool: 'Bash', command: 'touch y', outcome: 'denied', denial: 'user-rejected' }],
  ];
  for (const [title, tool, want] of cases) {
    it(title, async () => {
      const calls = await sessionCalls(bin, settings, tool);
      assert.equal(calls.length, 1);
      const got = Object.fromEntries(Object.keys(want).map((k) => [k, calls[0][k as keyof Observation]]));
      assert.deepEqual(got, want);
      assert.equal(calls[0].mode, 'default');
    });
  }
});
