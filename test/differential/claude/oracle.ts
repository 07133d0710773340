// Asks the published Claude Code CLI what it decides for one tool call, offline: a fresh HOME and
// project per case, a trusted project, the loopback mock as the Messages API, proxies pointed at a
// dead loopback port. See ../../../../shared/oracles.md (the team's notes) and docs/dialects/claude.md.
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Decision } from '../../../shared/model';
import { installOracle } from '../oracle-cache';
import type { MockApi, ToolCall } from './mock-api';

/** The pinned CLI version every differential run asks. */
export const CLAUDE_CODE_VERSION = '2.1.328';
/** One CLI run may take this long before it counts as a failure of the harness. */
export const CASE_TIMEOUT_MS = 60_000;
/** Nothing listens here: any traffic that ignores NO_PROXY dies on it. */
const DEAD_PROXY = 'http://127.0.0.1:9';

export interface OracleCase {
  /** `.claude/settings.json` of the project (an object, or raw text). */
  project?: unknown;
  /** `~/.claude/settings.json`. */
  user?: unknown;
  /** `.claude/settings.local.json`. */
  local?: unknown;
  /** `managed-settings.json` of a managed-settings folder named by `CLAUDE_CODE_MANAGED_SETTINGS_PATH`. */
  managed?: unknown;
  /** Files to create inside the project before the run (relative path → content). */
  files?: Record<string, string>;
  call: ToolCall;
}

export interface OracleAnswer {
  decision: Decision;
  /** What the CLI said (denial reason or tool output), for the failure message. */
  evidence: string;
}

/** Where the CLI binary is (installed on demand into the oracle cache). */
export function claudeBinary(version = CLAUDE_CODE_VERSION): string {
  const dir = installOracle('@anthropic-ai/claude-code', version);
  return join(dir, 'node_modules', '@anthropic-ai', 'claude-code', 'bin', 'claude.exe');
}

/** A fresh temp folder holding `home/` and `project/`; `{{project}}` and `{{home}}` in the case are replaced. */
export function freshDirs(): { base: string; home: string; project: string } {
  const base = realpathSync(mkdtempSync(join(tmpdir(), 'rulelens-claude-')));
  const home = join(base, 'home');
  const project = join(base, 'project');
  mkdirSync(join(home, '.claude'), { recursive: true });
  mkdirSync(join(project, '.claude'), { recursive: true });
  return { base, home, project };
}

function write(path: string, value: unknown): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, typeof value === 'string' ? value : JSON.stringify(value, null, 2));
}

/**
 * Runs the CLI once for `c` in the given dirs and reads what its permission layer did.
 * allow: the tool ran; ask: the CLI would have prompted (its PermissionRequest hooks ran);
 * deny: refused without a prompt (a deny rule, a guard, a hook's deny).
 */
export async function askClaudeCode(bin: string, api: MockApi, c: OracleCase, dirs = freshDirs()): Promise<OracleAnswer> {
  const { base, home, project } = dirs;
  try {
    write(join(home, '.claude.json'), { projects: { [project]: { hasTrustDialogAccepted: true } }, hasCompletedOnboarding: true });
    if (c.project !== undefined) write(join(project, '.claude', 'settings.json'), c.project);
    if (c.local !== undefined) write(join(project, '.claude', 'settings.local.json'), c.local);
    if (c.user !== undefined) write(join(home, '.claude', 'settings.json'), c.user);
    for (const [p, text] of Object.entries(c.files ?? {})) {
      write(join(project, p), text);
      // A hook script must be executable to run.
      if (p.endsWith('.sh')) chmodSync(join(project, p), 0o755);
    }
    const session = api.arm(JSON.parse(JSON.stringify(c.call).split("{{project}}").join(project).split("{{home}}").join(home)));
    const env: Record<string, string> = {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: home,
      USER: 'rulelens',
      SHELL: '/bin/bash',
      TERM: 'dumb',
      ANTHROPIC_API_KEY: 'dummy',
      ANTHROPIC_BASE_URL: api.url,
      DISABLE_TELEMETRY: '1',
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
      DISABLE_AUTOUPDATER: '1',
      DISABLE_ERROR_REPORTING: '1',
      HTTP_PROXY: DEAD_PROXY,
      HTTPS_PROXY: DEAD_PROXY,
      http_proxy: DEAD_PROXY,
      https_proxy: DEAD_PROXY,
      ALL_PROXY: DEAD_PROXY,
      NO_PROXY: '127.0.0.1,localhost',
      no_proxy: '127.0.0.1,localhost',
    };
    // A PermissionRequest hook in the command line's settings layer runs exactly when the CLI would
    // show a prompt: it tells an ask from a deny whatever words the refusal uses. It answers nothing,
    // so the CLI goes on as it would without it.
    const asked = join(base, 'asked.jsonl');
    const flag = join(base, 'flag-settings.json');
    write(flag, { hooks: { PermissionRequest: [{ matcher: '*', hooks: [{ type: 'command', command: `cat >> '${asked}'` }] }] } });
    const args = ['-p', 'go', '--output-format', 'stream-json', '--verbose', '--settings', flag];
    const out = c.managed === undefined ? await run(bin, args, project, env) : await runWithManaged(bin, args, project, env, base, c.managed);
    return readOutcome(out, session.result, existsSync(asked) && readFileSync(asked, 'utf8').trim() !== '');
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
}

/**
 * Runs the CLI with `managed` as the machine's managed settings: in a private mount namespace an
 * overlay on /etc adds `claude-code/managed-settings.json`; the machine's own /etc is not touched
 * and no other process sees the file. Needs root (unshare); the harness fails loudly without it.
 */
function runWithManaged(bin: string, args: string[], cwd: string, env: Record<string, string>, base: string, managed: unknown): Promise<string> {
  const upper = join(base, 'etc-upper');
  const work = join(base, 'etc-work');
  write(join(upper, 'claude-code', 'managed-settings.json'), managed);
  mkdirSync(work, { recursive: true });
  const script = `mount -t overlay overlay -o lowerdir=/etc,upperdir='${upper}',workdir='${work}' /etc && exec "$0" "$@"`;
  return run('unshare', ['-m', '--propagation', 'private', 'sh', '-c', script, bin, ...args], cwd, env);
}

function run(bin: string, args: string[], cwd: string, env: Record<string, string>): Promise<string> {
  return new Promise((ok, fail) => {
    const p = spawn(bin, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    const timer = setTimeout(() => p.kill('SIGKILL'), CASE_TIMEOUT_MS);
    p.stdout.on('data', (d) => (out += d));
    p.stderr.on('data', (d) => (err += d));
    p.on('error', fail);
    p.on('close', () => {
      clearTimeout(timer);
      if (!out.includes('"type":"result"')) fail(new Error(`claude gave no result:\n${out.slice(-2000)}\n${err.slice(-2000)}`));
      else ok(out);
    });
  });
}

/** Reads allow / ask / deny from the stream-json output and the tool_result the mock received. */
export function readOutcome(out: string, result: { content: string; isError: boolean } | undefined, asked = false): OracleAnswer {
  const lines = out.split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l));
  const final = lines.find((l) => l.type === 'result');
  const denials: unknown[] = final?.permission_denials ?? [];
  const text = result?.content ?? '';
  const evidence = `${asked ? '[prompt] ' : ''}${text.slice(0, 400)}${denials.length ? ` | denials: ${JSON.stringify(denials).slice(0, 300)}` : ''}`;
  if (/has been denied|denied by your permission settings|Permission to use .* has been denied/i.test(text)) return { decision: 'deny', evidence };
  if (/control character/i.test(text)) return { decision: 'deny', evidence };
  if (/covered by a \w+ deny rule|blocked by a deny rule/i.test(text)) return { decision: 'deny', evidence };
  // WebFetch words its domain deny its own way.
  if (/^WebFetch denied access to /.test(text)) return { decision: 'deny', evidence };
  // A deny of the whole tool (`Bash`, `Bash(*)`, `Skill`) takes it off the list: nothing can run.
  if (/No such tool available: \w+\. \w+ is disabled/.test(text)) return { decision: 'deny', evidence };
  // permissions.denyInsteadOfPrompting: the prompt is refused at once (its prompt hook still ran).
  if (/denied automatically/.test(text)) return { decision: 'deny', evidence };
  // Plan mode in a `-p` session hands what would prompt to the auto-mode safety check, which cannot
  // run against the mock API: the rules left the call undecided, as a prompt would (RuleLens: ask).
  if (/^Auto mode is unavailable: its safety check does not run/.test(text)) return { decision: 'ask', evidence };
  // The prompt hook ran: the CLI would have asked. A PreToolUse hook's own `ask` refuses without it.
  if (asked || text.startsWith(HOOK_ASK_REASON)) return { decision: 'ask', evidence };
  // Refused without a prompt: a guard, a hook's deny, a Skill deny rule.
  if (denials.length > 0) return { decision: 'deny', evidence };
  if (result === undefined) throw new Error(`no tool result came back:\n${out.slice(-1500)}`);
  return { decision: 'allow', evidence };
}

/** The reason a generated PreToolUse hook gives with `ask` (how its refusal is told from a deny). */
export const HOOK_ASK_REASON = 'rulelens-hook ask';
