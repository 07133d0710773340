// Asks the published Codex CLI what it decides for a shell call, offline, through its whole
// pipeline (`codex exec`): a loopback stand-in for the Responses API hands it one `exec_command`
// call, Codex wraps the command in the user's shell (`/bin/bash -lc CMD`), applies its exec policy
// (every `.rules` file of the trusted project's `.codex/rules/`), and the function output that
// comes back says what happened: rejected by a forbidding rule, refused because it would prompt
// (the approval policy is `never`), or run. A fresh CODEX_HOME and project per case.
import { spawn, spawnSync } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** One exec run may take this long before it counts as a failure of the harness. */
export const EXEC_TIMEOUT_MS = 90_000;

export type CodexOutcome = 'allow' | 'prompt' | 'forbidden';

export interface ExecAnswer {
  outcome: CodexOutcome;
  /** What came back for the call, for failure messages. */
  evidence: string;
}

/** The Responses API stand-in: the first request of a run gets the armed call, later ones end the turn. */
export interface ResponsesMock {
  url: string;
  arm(cmd: string): { output?: string };
  close(): Promise<void>;
}

/** Starts the stand-in on 127.0.0.1 (a free port). */
export async function startResponsesMock(): Promise<ResponsesMock> {
  let session: { cmd: string; output?: string } | undefined;
  let n = 0;
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (d) => (raw += d));
    req.on('end', () => {
      if (req.method !== 'POST') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"data":[]}');
        return;
      }
      let body: { input?: Array<{ type?: string; output?: unknown }> } = {};
      try {
        body = JSON.parse(raw);
      } catch {
        body = {};
      }
      const out = body.input?.find((x) => x.type === 'function_call_output');
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const ev = (e: Record<string, unknown>) => res.write(`event: ${e.type}\ndata: ${JSON.stringify(e)}\n\n`);
      const id = `resp_${++n}`;
      ev({ type: 'response.created', response: { id } });
      if (session && !out && session.output === undefined) {
        ev({ type: 'response.output_item.done', item: { type: 'function_call', name: 'exec_command', arguments: JSON.stringify({ cmd: session.cmd }), call_id: 'call_rulelens' } });
      } else {
        if (session && out) session.output = typeof out.output === 'string' ? out.output : JSON.stringify(out.output);
        ev({ type: 'response.output_item.done', item: { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'done' }] } });
      }
      ev({ type: 'response.completed', response: { id, usage: { input_tokens: 1, input_tokens_details: null, output_tokens: 1, output_tokens_details: null, total_tokens: 2 } } });
      res.end();
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    arm(cmd) {
      session = { cmd };
      return session;
    },
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  };
}

/**
 * What one function output says: a rule's rejection (`rejected: …`) is forbidden; the approval
 * policy's refusal of a prompt is prompt; a command that ran is allow.
 */
export function readExecOutcome(output: string): CodexOutcome {
  if (/approval required by policy/.test(output)) return 'prompt';
  if (/rejected:/.test(output) || /Rejected\(/.test(output)) return 'forbidden';
  return 'allow';
}

/** Runs `codex exec` once in a fresh project holding `rules` (file name → text) and reads the outcome. */
export async function askCodexExec(bin: string, mock: ResponsesMock, rules: Record<string, string>, cmd: string): Promise<ExecAnswer> {
  const base = realpathSync(mkdtempSync(join(tmpdir(), 'rulelens-codex-exec-')));
  try {
    const home = join(base, 'home');
    const codexHome = join(home, '.codex');
    const project = join(base, 'project');
    mkdirSync(codexHome, { recursive: true });
    mkdirSync(join(project, '.codex', 'rules'), { recursive: true });
    spawnSync('git', ['init', '-q', project]);
    writeFileSync(join(codexHome, 'config.toml'), `[projects.${JSON.stringify(project)}]\ntrust_level = "trusted"\n`);
    for (const [name, text] of Object.entries(rules)) writeFileSync(join(project, '.codex', 'rules', name), text);
    const session = mock.arm(cmd);
    const args = [
      'exec', '--json', '--skip-git-repo-check',
      '-c', 'model_provider=mock', '-c', 'model_providers.mock.name="mock"', '-c', `model_providers.mock.base_url=${JSON.stringify(mock.url)}`,
      '-c', 'model_providers.mock.wire_api="responses"', '-c', 'model_providers.mock.env_key="OPENAI_API_KEY"',
      '-c', 'approval_policy="never"', '-c', 'sandbox_mode="read-only"', '-m', 'gpt-test', 'go',
    ];
    const env: Record<string, string> = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: home, CODEX_HOME: codexHome, SHELL: '/bin/bash', OPENAI_API_KEY: 'dummy', NO_PROXY: '127.0.0.1,localhost', no_proxy: '127.0.0.1,localhost' };
    await new Promise<void>((ok, fail) => {
      const p = spawn(bin, args, { cwd: project, env, stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      const timer = setTimeout(() => p.kill('SIGKILL'), EXEC_TIMEOUT_MS);
      p.stdout.on('data', (d) => (out += d));
      p.stderr.on('data', (d) => (out += d));
      p.on('error', fail);
      p.on('close', () => {
        clearTimeout(timer);
        if (session.output === undefined) fail(new Error(`codex exec gave no function output:\n${out.slice(-2000)}`));
        else ok();
      });
    });
    return { outcome: readExecOutcome(session.output!), evidence: session.output!.slice(0, 300) };
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
}
