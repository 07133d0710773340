import * as path from 'path';
import { MAX_OPEN_CALLS } from './claude-session';
import type { Observation, Outcome } from './types';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);

/** Record types of a Codex CLI rollout file. */
const RECORD_TYPES = ['session_meta', 'turn_context', 'response_item', 'event_msg', 'compacted'];

/** What Codex answers the model when a call was refused (its own normalized texts). */
const REFUSALS: ReadonlyArray<{ re: RegExp; kind: string }> = [
  { re: /^(?:exec command|patch) rejected by user/i, kind: 'user-rejected' },
  { re: /rejected due to unacceptable risk/i, kind: 'guardian' },
];

/** Shells whose `-c`/`-lc` script is the command Codex really runs. */
const SHELLS = new Set(['bash', 'sh', 'zsh', 'dash', '/bin/bash', '/bin/sh', '/bin/zsh', '/usr/bin/bash', '/usr/bin/zsh']);

/**
 * A Codex command vector as one shell line: the script of `bash -lc SCRIPT`, else the words
 * joined with quotes where needed.
 * @example commandLine(['bash', '-lc', 'npm test']) // 'npm test'
 * @example commandLine(['rg', '-n', 'a b']) // "rg -n 'a b'"
 */
export function commandLine(argv: readonly unknown[]): string | undefined {
  if (!argv.every((a) => typeof a === 'string') || !argv.length) return undefined;
  const words = argv as string[];
  if (words.length === 3 && SHELLS.has(words[0]) && (words[1] === '-lc' || words[1] === '-c')) return words[2];
  return words.map((w) => (/^[\w./:=@%+,-]+$/.test(w) ? w : `'${w.replace(/'/g, `'\\''`)}'`)).join(' ');
}

/** Files an `apply_patch` body touches (`*** Add File:`, `*** Update File:`, `*** Delete File:`, `*** Move to:`). */
export function patchFiles(body: string): string[] {
  const out: string[] = [];
  for (const m of body.matchAll(/^\*\*\* (?:Add|Update|Delete) File: (.+)$|^\*\*\* Move to: (.+)$/gm)) {
    const f = (m[1] ?? m[2]).trim();
    if (f && !out.includes(f)) out.push(f);
  }
  return out;
}

function parseArgs(s: unknown): Obj {
  if (isObj(s)) return s;
  if (typeof s !== 'string') return {};
  try {
    const v: unknown = JSON.parse(s);
    return isObj(v) ? v : {};
  } catch {
    return {};
  }
}

function outputText(v: unknown): string {
  if (typeof v === 'string') {
    const inner = parseArgs(v);
    return typeof inner.output === 'string' ? inner.output : v;
  }
  if (isObj(v) && typeof v.content === 'string') return v.content;
  return '';
}

/**
 * Reads Codex CLI rollouts (`$CODEX_HOME/sessions/YYYY/MM/DD/rollout-*.jsonl`): lines
 * `{timestamp, type, payload}`. Shell calls (`function_call` `shell`/`shell_command`/
 * `exec_command`, `local_shell_call`) become `Bash` calls, `apply_patch` an `Edit` per file, other
 * tools keep their name; each is paired with its `function_call_output` by `call_id`, whose
 * "exec command rejected by user" / "patch rejected by user" marks a refusal.
 */
export class CodexSessionReader {
  private open = new Map<string, Observation[]>();
  private cwd: string | undefined;

  constructor(private readonly file: string, private readonly emit: (o: Observation) => void) {}

  static claims(v: Obj): boolean {
    return typeof v.type === 'string' && RECORD_TYPES.includes(v.type) && 'payload' in v;
  }

  line(v: Obj, line: number): string | undefined {
    const p = v.payload;
    if (!isObj(p)) return `a ${String(v.type)} record without an object "payload"`;
    const time = typeof v.timestamp === 'string' ? v.timestamp : undefined;
    if (v.type === 'session_meta' || v.type === 'turn_context') {
      if (typeof p.cwd === 'string') this.cwd = p.cwd;
      return undefined;
    }
    if (v.type !== 'response_item') return undefined;
    const callId = typeof p.call_id === 'string' ? p.call_id : typeof p.id === 'string' ? p.id : undefined;
    if (p.type === 'function_call_output' || p.type === 'custom_tool_call_output') {
      const calls = callId ? this.open.get(callId) : undefined;
      if (!calls) return undefined;
      this.open.delete(callId!);
      const text = outputText(p.output);
      const refusal = REFUSALS.find((r) => r.re.test(text.trim()));
      const outcome: Outcome = refusal ? 'denied' : 'approved';
      for (const c of calls) this.emit({ ...c, outcome, ...(refusal ? { denial: refusal.kind } : {}) });
      return undefined;
    }
    const calls = this.calls(p, line, time);
    if (calls === undefined) return undefined;
    if (!callId) {
      for (const c of calls) this.emit(c);
      return undefined;
    }
    if (this.open.size >= MAX_OPEN_CALLS) {
      const [oldest, pending] = this.open.entries().next().value as [string, Observation[]];
      this.open.delete(oldest);
      for (const c of pending) this.emit(c);
    }
    this.open.set(callId, calls);
    return undefined;
  }

  /** The calls one response item makes (an apply_patch touching three files is three calls). */
  private calls(p: Obj, line: number, time: string | undefined): Observation[] | undefined {
    const base = { format: 'codex-session' as const, outcome: 'unknown' as Outcome, file: this.file, line, ...(time ? { time } : {}) };
    const withCwd = (cwd: unknown) => (typeof cwd === 'string' ? { cwd } : this.cwd ? { cwd: this.cwd } : {});
    if (p.type === 'local_shell_call' && isObj(p.action)) {
      const command = Array.isArray(p.action.command) ? commandLine(p.action.command) : undefined;
      return command === undefined ? undefined : [{ ...base, tool: 'Bash', command, ...withCwd(p.action.working_directory) }];
    }
    if (p.type !== 'function_call' && p.type !== 'custom_tool_call') return undefined;
    const name = typeof p.name === 'string' ? p.name : undefined;
    if (!name) return undefined;
    const args = p.type === 'custom_tool_call' ? { input: p.input } : parseArgs(p.arguments);
    if (name === 'apply_patch') {
      const body = typeof args.input === 'string' ? args.input : typeof args.patch === 'string' ? args.patch : '';
      const cwd = typeof args.workdir === 'string' ? args.workdir : this.cwd;
      return patchFiles(body).map((f) => ({ ...base, tool: 'Edit', path: cwd && !path.posix.isAbsolute(f) ? path.posix.join(cwd, f) : f, ...withCwd(args.workdir) }));
    }
    if (name === 'shell' || name === 'container.exec' || name === 'shell_command' || name === 'exec_command') {
      const raw = args.command ?? args.cmd;
      const command = Array.isArray(raw) ? commandLine(raw) : typeof raw === 'string' ? raw : undefined;
      if (command !== undefined) return [{ ...base, tool: 'Bash', command, ...withCwd(args.workdir) }];
    }
    return [{ ...base, tool: name, input: args, ...withCwd(undefined) }];
  }

  end(): void {
    for (const calls of this.open.values()) for (const c of calls) this.emit(c);
    this.open.clear();
  }
}
