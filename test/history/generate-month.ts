/**
 * A synthetic month of agent history for one project, in the real formats: Claude Code session
 * files, a PostToolUse hook log, Gemini CLI chat records and a Codex CLI rollout. Deterministic per seed.
 * Run alone to write one: `npx tsx test/history/generate-month.ts OUTDIR [SEED]`.
 */
import * as fs from 'fs';
import * as path from 'path';
import { prng } from '../helpers/prng';

export interface Month {
  root: string;
  project: string;
  settings: string;
  claudeProjects: string;
  hookLog: string;
  geminiChats: string;
  codexRollout: string;
  /** Line of the deliberately broken session line (1-based) and its file. */
  broken: { file: string; line: number };
  calls: number;
}

/** The settings a month of "allow always" clicks left behind: broad allows, one deny. */
export const MONTH_SETTINGS = {
  permissions: {
    allow: ['Bash(npm *)', 'Bash(git *)', 'Bash(python3 *)', 'Edit(/src/**)', 'WebFetch', 'mcp__github'],
    deny: ['Bash(rm -rf *)'],
  },
};

const PROJECT_FILES = ['src/lib/a.ts', 'src/lib/b.ts', 'src/lib/c.ts', 'src/cli/main.ts', 'src/cli/args.ts', 'src/index.ts', 'src/config/secrets.env', 'scripts/gen.py'];

/** What the agent did: [tool, subject, outcome]. Approved calls ran; denied ones were refused. */
type Plan = { tool: string; input: Record<string, unknown>; outcome: 'approved' | 'user-rejected' | 'permission-rule' };

function pool(project: string): Array<{ weight: number; make: (r: () => number) => Plan }> {
  const bash = (command: string, outcome: Plan['outcome'] = 'approved'): Plan => ({ tool: 'Bash', input: { command, description: 'run' }, outcome });
  const edit = (rel: string, outcome: Plan['outcome'] = 'approved'): Plan => ({ tool: 'Edit', input: { file_path: path.posix.join(project, rel), old_string: 'a', new_string: 'b' }, outcome });
  const pick = <T>(r: () => number, xs: T[]): T => xs[Math.floor(r() * xs.length)];
  return [
    { weight: 10, make: () => bash('npm test') },
    { weight: 6, make: (r) => bash(pick(r, ['npm run build', 'npm run lint', 'npm run typecheck'])) },
    { weight: 2, make: () => bash('npm run build && npm test') },
    { weight: 8, make: () => bash('git status') },
    { weight: 5, make: (r) => bash(pick(r, ['git diff', 'git diff --stat', 'git log --oneline -5'])) },
    { weight: 3, make: (r) => bash(`git commit -m "fix ${Math.floor(r() * 4)}"`) },
    { weight: 2, make: () => bash('git push origin feature') },
    { weight: 2, make: () => bash('python3 scripts/gen.py') },
    { weight: 6, make: (r) => edit(pick(r, ['src/lib/a.ts', 'src/lib/b.ts', 'src/lib/c.ts'])) },
    { weight: 4, make: (r) => edit(pick(r, ['src/cli/main.ts', 'src/cli/args.ts'])) },
    { weight: 1, make: () => edit('src/index.ts') },
    { weight: 3, make: (r) => ({ tool: 'WebFetch', input: { url: pick(r, ['https://nodejs.org/api/fs.html', 'https://nodejs.org/api/path.html', 'https://docs.npmjs.com/cli']), prompt: 'read' }, outcome: 'approved' }) },
    { weight: 2, make: (r) => ({ tool: pick(r, ['mcp__github__get_issue', 'mcp__github__list_pull_requests']), input: { number: 1 }, outcome: 'approved' }) },
    { weight: 1, make: () => bash('curl -s -H "Authorization: Bearer sk-ant-api03-abcdefghijklmnopqrstuvwx" https://api.example.com/v1/me') },
    // Refused by the user when the agent asked, or by a deny rule.
    { weight: 1, make: () => bash('npm publish', 'user-rejected') },
    { weight: 1, make: () => bash('git push --force origin main', 'user-rejected') },
    { weight: 1, make: () => edit('src/config/secrets.env', 'user-rejected') },
    { weight: 1, make: () => ({ tool: 'WebFetch', input: { url: 'https://pastebin.com/raw/x1', prompt: 'read' }, outcome: 'user-rejected' }) },
    { weight: 1, make: () => bash('rm -rf build', 'permission-rule') },
  ];
}

function choose(r: () => number, p: ReturnType<typeof pool>): Plan {
  const total = p.reduce((n, x) => n + x.weight, 0);
  let x = r() * total;
  for (const e of p) {
    x -= e.weight;
    if (x < 0) return e.make(r);
  }
  return p[0].make(r);
}

function resultFor(plan: Plan): { content: string; is_error: boolean; toolUseResult: unknown } {
  if (plan.outcome === 'user-rejected') {
    return { content: "The user doesn't want to proceed with this tool use. The tool use was rejected (eg. if it was a file edit, the new_string was NOT written to the file). STOP what you are doing and wait for the user to tell you how to proceed.", is_error: true, toolUseResult: 'Error: The user doesn\'t want to proceed with this tool use.' };
  }
  if (plan.outcome === 'permission-rule') {
    return { content: `Permission to use Bash with command ${String(plan.input.command)} has been denied.`, is_error: true, toolUseResult: 'Error: Permission to use Bash has been denied.' };
  }
  return { content: 'ok', is_error: false, toolUseResult: { stdout: 'ok', stderr: '', interrupted: false } };
}

/** The Claude Code project folder name for a cwd: every character outside [A-Za-z0-9] becomes "-". */
export function claudeProjectName(cwd: string): string {
  return cwd.replace(/[^A-Z0-9]/gi, '-');
}

/**
 * Writes a month of history under `root`. 30 Claude Code sessions (one a day, `perDay` calls
 * each, one line deliberately broken), a hook log, and a Gemini CLI session.
 * @example generateMonth('/tmp/m', 1).calls
 */
export function generateMonth(root: string, seed = 1, perDay = 24): Month {
  const r = prng(seed);
  const project = path.join(root, 'project');
  fs.mkdirSync(path.join(project, '.claude'), { recursive: true });
  const settings = path.join(project, '.claude', 'settings.json');
  fs.writeFileSync(settings, JSON.stringify(MONTH_SETTINGS, null, 2) + '\n');
  // The files the agent edits exist, so paths resolve as they did when the agent ran.
  for (const f of PROJECT_FILES) {
    fs.mkdirSync(path.join(project, path.dirname(f)), { recursive: true });
    fs.writeFileSync(path.join(project, f), '');
  }
  const claudeProjects = path.join(root, 'claude', 'projects');
  const sessionDir = path.join(claudeProjects, claudeProjectName(project));
  fs.mkdirSync(sessionDir, { recursive: true });
  const p = pool(project);
  let calls = 0;
  let broken = { file: '', line: 0 };
  for (let day = 1; day <= 30; day++) {
    const sessionId = `00000000-0000-4000-8000-${String(day).padStart(12, '0')}`;
    const lines: string[] = [];
    let parent: string | null = null;
    const entry = (type: string, message: unknown, t: string, extra: Record<string, unknown> = {}) => {
      const uuid = `${sessionId.slice(0, 24)}${String(lines.length).padStart(12, '0')}`;
      lines.push(JSON.stringify({ parentUuid: parent, isSidechain: false, userType: 'external', cwd: project, sessionId, version: '2.0.0', type, message, uuid, timestamp: t, ...extra }));
      parent = uuid;
    };
    const base = Date.UTC(2026, 10, day, 9, 0, 0);
    entry('user', { role: 'user', content: 'work on the project' }, new Date(base).toISOString());
    for (let i = 0; i < perDay; i++) {
      const plan = choose(r, p);
      const id = `toolu_${day}_${i}`;
      const t = new Date(base + i * 60_000).toISOString();
      entry('assistant', { role: 'assistant', content: [{ type: 'text', text: 'next' }, { type: 'tool_use', id, name: plan.tool, input: plan.input }] }, t);
      const res = resultFor(plan);
      entry('user', { role: 'user', content: [{ type: 'tool_result', tool_use_id: id, content: res.content, is_error: res.is_error }] }, new Date(base + i * 60_000 + 5_000).toISOString(), { toolUseResult: res.toolUseResult });
      calls++;
    }
    if (day === 15) {
      lines.splice(3, 0, '{"type": "assistant", "message": {"content": [{"type": "tool_use"');
      broken = { file: path.join(sessionDir, `${sessionId}.jsonl`), line: 4 };
    }
    fs.writeFileSync(path.join(sessionDir, `${sessionId}.jsonl`), lines.join('\n') + '\n');
  }
  // A logging hook's output: PostToolUse lines for calls that ran.
  const hookLog = path.join(root, 'hooks', 'calls.jsonl');
  fs.mkdirSync(path.dirname(hookLog), { recursive: true });
  const hooks: string[] = [];
  for (let i = 0; i < 20; i++) {
    const plan = choose(r, p);
    if (plan.outcome !== 'approved') continue;
    hooks.push(JSON.stringify({ session_id: 'hook-session', transcript_path: '/dev/null', cwd: project, permission_mode: 'default', hook_event_name: 'PostToolUse', tool_name: plan.tool, tool_input: plan.input, tool_response: { ok: true }, tool_use_id: `toolu_hook_${i}` }));
    calls++;
  }
  fs.writeFileSync(hookLog, hooks.join('\n') + '\n');
  // Gemini CLI: a metadata line, then message records (a record rewritten by id as the call ends).
  const geminiChats = path.join(root, 'gemini', 'tmp', 'a1b2c3', 'chats');
  fs.mkdirSync(geminiChats, { recursive: true });
  const g: string[] = [JSON.stringify({ sessionId: 'gem-1', projectHash: 'a1b2c3', startTime: '2026-11-20T10:00:00.000Z', lastUpdated: '2026-11-20T10:30:00.000Z', kind: 'main', directories: [project] })];
  const gcall = (id: string, name: string, args: Record<string, unknown>, status: string, t: string, result?: unknown) => ({ id, name, args, status, timestamp: t, ...(result !== undefined ? { result } : {}) });
  g.push(JSON.stringify({ id: 'm1', timestamp: '2026-11-20T10:01:00.000Z', type: 'user', content: [{ text: 'run the tests' }] }));
  g.push(JSON.stringify({ id: 'm2', timestamp: '2026-11-20T10:01:05.000Z', type: 'gemini', content: '', toolCalls: [gcall('c1', 'run_shell_command', { command: 'npm test' }, 'executing', '2026-11-20T10:01:05.000Z')] }));
  g.push(JSON.stringify({ id: 'm2', timestamp: '2026-11-20T10:01:05.000Z', type: 'gemini', content: '', toolCalls: [gcall('c1', 'run_shell_command', { command: 'npm test' }, 'success', '2026-11-20T10:01:05.000Z', [{ functionResponse: { name: 'run_shell_command', response: { output: 'ok' } } }])] }));
  g.push(JSON.stringify({ id: 'm3', timestamp: '2026-11-20T10:02:00.000Z', type: 'gemini', content: '', toolCalls: [gcall('c2', 'run_shell_command', { command: 'git push --force origin main' }, 'cancelled', '2026-11-20T10:02:00.000Z'), gcall('c3', 'replace', { file_path: path.posix.join(project, 'src/lib/a.ts'), old_string: 'a', new_string: 'b' }, 'success', '2026-11-20T10:02:01.000Z')] }));
  g.push(JSON.stringify({ id: 'm4', timestamp: '2026-11-20T10:03:00.000Z', type: 'gemini', content: '', toolCalls: [gcall('c4', 'run_shell_command', { command: 'git status' }, 'success', '2026-11-20T10:03:00.000Z')] }));
  fs.writeFileSync(path.join(geminiChats, 'session-2026-11-20T10-00-gem1abcd.jsonl'), g.join('\n') + '\n');
  calls += 4;
  // Codex CLI: a rollout with one approved test run and one refused force-push.
  const codexSessions = path.join(root, 'codex', 'sessions', '2026', '11', '21');
  fs.mkdirSync(codexSessions, { recursive: true });
  const rec = (timestamp: string, type: string, payload: object) => JSON.stringify({ timestamp, type, payload });
  const cx = [
    rec('2026-11-21T08:00:00.000Z', 'session_meta', { id: 'cx-1', cwd: project, originator: 'codex_cli_rs', cli_version: '0.50.0' }),
    rec('2026-11-21T08:00:00.000Z', 'turn_context', { cwd: project, approval_policy: 'on-request', sandbox_policy: { mode: 'workspace-write' }, model: 'gpt-5-codex' }),
    rec('2026-11-21T08:00:05.000Z', 'response_item', { type: 'function_call', name: 'shell', arguments: JSON.stringify({ command: ['bash', '-lc', 'npm test'], workdir: project }), call_id: 'call_1' }),
    rec('2026-11-21T08:00:09.000Z', 'response_item', { type: 'function_call_output', call_id: 'call_1', output: JSON.stringify({ output: 'ok', metadata: { exit_code: 0, duration_seconds: 1.2 } }) }),
    rec('2026-11-21T08:01:00.000Z', 'response_item', { type: 'function_call', name: 'shell', arguments: JSON.stringify({ command: ['bash', '-lc', 'git push --force origin main'], workdir: project }), call_id: 'call_2' }),
    rec('2026-11-21T08:01:03.000Z', 'response_item', { type: 'function_call_output', call_id: 'call_2', output: 'exec command rejected by user' }),
  ];
  const codexRollout = path.join(codexSessions, 'rollout-2026-11-21T08-00-00-0000cx01.jsonl');
  fs.writeFileSync(codexRollout, cx.join('\n') + '\n');
  calls += 2;
  return { root, project, settings, claudeProjects, hookLog, geminiChats, codexRollout, broken, calls };
}

if (require.main === module) {
  const out = process.argv[2];
  if (!out) {
    process.stderr.write('usage: generate-month.ts OUTDIR [SEED]\n');
    process.exit(2);
  }
  const m = generateMonth(path.resolve(out), Number(process.argv[3] ?? 1));
  process.stdout.write(JSON.stringify(m, null, 2) + '\n');
}
