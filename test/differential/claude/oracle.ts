// Asks the published Claude Code CLI what it decides for one tool call, offline: a fresh HOME and
// project per case, a trusted project, the loopback mock as the Messages API, proxies pointed at a
// dead loopback port. See ../../../../shared/oracles.md (the team's notes) and docs/dialects/claude.md.
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, posix } from 'node:path';
import type { Decision } from '../../../shared/model';
import { installOracle } from '../oracle-cache';
import { toolUseId, type MockApi, type ToolCall } from './mock-api';

/**
 * The pinned CLI versions every differential run asks, oldest first; the newest is what users get.
 * `DIFF_CLAUDE_VERSIONS=2.1.332` (comma-separated) narrows a run to some of them.
 */
export const CLAUDE_CODE_VERSIONS: readonly string[] = ['2.1.328', '2.1.332'];
/** The version a single-version run (the policy differential) asks unless told otherwise. */
export const CLAUDE_CODE_VERSION = CLAUDE_CODE_VERSIONS[0];

/** The versions this run asks: `DIFF_CLAUDE_VERSIONS`, else every pinned one. */
export function claudeVersions(): string[] {
  const only = process.env.DIFF_CLAUDE_VERSIONS?.split(',').map((v) => v.trim()).filter(Boolean);
  return only?.length ? only : [...CLAUDE_CODE_VERSIONS];
}
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
  /**
   * Symlinks to create inside the project (relative path → target, `{{outside}}`/`{{project}}` filled
   * in; a relative target is relative to the link's folder). Targets stay inside the case's temp folder.
   */
  links?: Record<string, string>;
  /** Files of the `outside` folder next to the project (a stand-in for the rest of the machine). */
  outside?: Record<string, string>;
  call: ToolCall;
}

/** A case's temp folders: `home/`, `project/` and `outside/` under one base. */
export interface CaseDirs {
  base: string;
  home: string;
  project: string;
  outside: string;
}

export interface OracleAnswer {
  decision: Decision;
  /** What the CLI said (denial reason or tool output), for the failure message. */
  evidence: string;
}

/**
 * Whether the answer is no permission decision at all: the CLI refused the call before its
 * permission check (a Write or Edit of an existing file this session has not read, outside the
 * project). Such cases are left out of the comparison and counted apart.
 */
export function refusedBeforePermissions(a: OracleAnswer): boolean {
  return a.decision === 'allow' && /File has not been read yet/.test(a.evidence);
}

/** Where the CLI binary of `version` is (installed on demand into the oracle cache). */
export function claudeBinary(version = CLAUDE_CODE_VERSION): string {
  const dir = installOracle('@anthropic-ai/claude-code', version);
  return join(dir, 'node_modules', '@anthropic-ai', 'claude-code', 'bin', 'claude.exe');
}

/** A fresh temp folder holding `home/`, `project/` and `outside/`. */
export function freshDirs(): CaseDirs {
  const base = realpathSync(mkdtempSync(join(tmpdir(), 'rulelens-claude-')));
  const home = join(base, 'home');
  const project = join(base, 'project');
  const outside = join(base, 'outside');
  mkdirSync(join(home, '.claude'), { recursive: true });
  mkdirSync(join(project, '.claude'), { recursive: true });
  mkdirSync(outside, { recursive: true });
  return { base, home, project, outside };
}

/** The case with `{{project}}`, `{{home}}` and `{{outside}}` replaced by the folders of one run. */
export function fillCase<T>(value: T, dirs: CaseDirs): T {
  const text = JSON.stringify(value).split('{{project}}').join(dirs.project).split('{{home}}').join(dirs.home).split('{{outside}}').join(dirs.outside);
  return JSON.parse(text) as T;
}

/**
 * Lays out a (filled) case on disk: the settings files, the trusted-project marker, the project's
 * files and symlinks and the outside folder's files. Both RuleLens and the CLI then judge the call
 * against this very file system.
 */
export function materialize(c: OracleCase, dirs: CaseDirs): void {
  const { home, project, outside } = dirs;
  write(join(home, '.claude.json'), { projects: { [project]: { hasTrustDialogAccepted: true } }, hasCompletedOnboarding: true });
  if (c.project !== undefined) write(join(project, '.claude', 'settings.json'), c.project);
  if (c.local !== undefined) write(join(project, '.claude', 'settings.local.json'), c.local);
  if (c.user !== undefined) write(join(home, '.claude', 'settings.json'), c.user);
  for (const [p, text] of Object.entries(c.outside ?? {})) write(join(outside, p), text);
  for (const [p, text] of Object.entries(c.files ?? {})) {
    write(join(project, p), text);
    // A hook script must be executable to run.
    if (p.endsWith('.sh')) chmodSync(join(project, p), 0o755);
  }
  for (const [p, target] of Object.entries(c.links ?? {})) {
    const at = join(project, p);
    mkdirSync(dirname(at), { recursive: true });
    symlinkSync(target, at);
  }
}

function write(path: string, value: unknown): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, typeof value === 'string' ? value : JSON.stringify(value, null, 2));
}

/**
 * Runs the CLI once for `c` (placeholders filled in or not) in fresh dirs and reads what its
 * permission layer did. allow: the tool ran; ask: the CLI would have prompted (its PermissionRequest
 * hooks ran); deny: refused without a prompt (a deny rule, a guard, a hook's deny).
 */
export async function askClaudeCode(bin: string, api: MockApi, c: OracleCase, dirs = freshDirs()): Promise<OracleAnswer> {
  try {
    const filled = fillCase(c, dirs);
    materialize(filled, dirs);
    return await askPrepared(bin, api, filled, dirs);
  } finally {
    rmSync(dirs.base, { recursive: true, force: true });
  }
}

/** Runs the CLI for a case already filled in and laid out in `dirs` (see `materialize`); leaves the dirs in place. */
export async function askPrepared(bin: string, api: MockApi, filled: OracleCase, dirs: CaseDirs): Promise<OracleAnswer> {
  const [answer] = await askBatch(bin, api, [filled], dirs);
  if (!answer) throw new Error('the CLI never asked for the tool call');
  return answer;
}

/**
 * Runs the CLI once for several calls on one layout (cases that differ only in `call`, filled in
 * and laid out in `dirs`): the mock hands them out in turn. `goOn(k)` is asked after call k ran,
 * before the next is handed out (false ends the session: the caller saw call k change the
 * folders). `answers[k]` is undefined for a call the session never reached.
 */
export async function askBatch(bin: string, api: MockApi, filled: readonly OracleCase[], dirs: CaseDirs, goOn?: (k: number) => boolean): Promise<Array<OracleAnswer | undefined>> {
  const { base, home, project } = dirs;
  const first = filled[0];
  const batch = api.armBatch(filled.map((c) => c.call), goOn);
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
  // so the CLI goes on as it would without it. One JSON line per prompt, naming the call's input.
  const asked = join(base, 'asked.jsonl');
  const flag = join(base, 'flag-settings.json');
  write(flag, { hooks: { PermissionRequest: [{ matcher: '*', hooks: [{ type: 'command', command: `cat >> '${asked}'; echo >> '${asked}'` }] }] } });
  const args = ['-p', 'go', '--output-format', 'stream-json', '--verbose', '--settings', flag];
  const out = first.managed === undefined ? await run(bin, args, project, env) : await runWithManaged(bin, args, project, env, base, first.managed);
  const prompts = existsSync(asked) ? readFileSync(asked, 'utf8').split('\n').filter((l) => l.trim() !== '') : [];
  const promptedFor = (c: OracleCase): boolean =>
    filled.length === 1 ? prompts.length > 0 : prompts.some((l) => {
      try {
        const h = JSON.parse(l);
        return h.tool_name === c.call.name && sameSubject(h.tool_input ?? {}, c.call.input);
      } catch {
        return false;
      }
    });
  return filled.map((c, k) => (batch.results[k] === undefined && filled.length > 1 ? undefined : readOutcome(out, batch.results[k], promptedFor(c), toolUseId(k))));
}

/**
 * Whether a hook's tool input is the call's: the same command, path or URL (the CLI may add fields).
 * A file path is compared with `.` and `..` resolved: the CLI hands the hook (and its
 * permission_denials) the normalized path — `{{project}}/../outside/n2` arrives as `…/outside/n2`
 * (observed on 2.1.328 and 2.1.332). Compared as written, such a prompt went unseen in a session of
 * several calls and its ask was read as a deny.
 */
export function sameSubject(got: Record<string, unknown>, want: Record<string, unknown>): boolean {
  if (want.file_path !== undefined) return typeof got.file_path === 'string' && typeof want.file_path === 'string' && posix.normalize(got.file_path) === posix.normalize(want.file_path);
  for (const k of ['command', 'url']) if (want[k] !== undefined) return got[k] === want[k];
  return JSON.stringify(got) === JSON.stringify(want);
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
export function readOutcome(out: string, result: { content: string; isError: boolean } | undefined, asked = false, id?: string): OracleAnswer {
  const lines = out.split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l));
  const final = lines.find((l) => l.type === 'result');
  // In a session of several calls, only this call's denials count.
  const denials: unknown[] = ((final?.permission_denials ?? []) as Array<{ tool_use_id?: string }>).filter((d) => id === undefined || d.tool_use_id === undefined || d.tool_use_id === id);
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
  // A tool the CLI does not offer (MultiEdit, Grep and Glob in 2.1.33x) says nothing about permissions.
  if (/No such tool available/.test(text)) throw new Error(`the CLI does not offer this tool: ${text.slice(0, 200)}`);
  return { decision: 'allow', evidence };
}

/** The reason a generated PreToolUse hook gives with `ask` (how its refusal is told from a deny). */
export const HOOK_ASK_REASON = 'rulelens-hook ask';
