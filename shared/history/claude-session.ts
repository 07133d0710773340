import { claudeCall } from './call';
import type { Observation, Outcome } from './types';

/** A call awaiting its result is forgotten (as outcome unknown) past this many open calls. */
export const MAX_OPEN_CALLS = 10_000;

/** Denial kinds Claude Code records in `toolDenialKind`, and which of them mean "denied". */
const DENIAL_KINDS: Readonly<Record<string, Outcome>> = {
  'user-rejected': 'denied',
  'permission-rule': 'denied',
  'automode-blocked': 'denied',
  interrupted: 'unknown',
  cancelled: 'unknown',
};

/** Result texts of a refused call, with the kind each means. */
const DENIAL_TEXTS: ReadonlyArray<{ re: RegExp; kind: string; outcome: Outcome }> = [
  { re: /The user doesn't want to proceed with this tool use/i, kind: 'user-rejected', outcome: 'denied' },
  { re: /Permission to use \S+ (?:with command .* )?has been denied/i, kind: 'permission-rule', outcome: 'denied' },
  { re: /denied by your permission settings/i, kind: 'permission-rule', outcome: 'denied' },
  { re: /\[Request interrupted by user/i, kind: 'interrupted', outcome: 'unknown' },
];

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);

/** The text of a tool_result's content (a string or a list of text blocks). */
function resultText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) return content.map((c) => (isObj(c) && typeof c.text === 'string' ? c.text : '')).join('\n');
  return '';
}

/**
 * How a Claude Code call ended: the entry's `toolDenialKind` when present, else the refusal
 * texts; any other result (errors included: the call ran) is approved.
 * @example judgeResult({ is_error: true, content: "The user doesn't want to proceed with this tool use." }, {}) // { outcome: 'denied', denial: 'user-rejected' }
 */
export function judgeResult(block: Obj, entry: Obj): { outcome: Outcome; denial?: string } {
  const kind = entry.toolDenialKind;
  if (typeof kind === 'string') return { outcome: DENIAL_KINDS[kind] ?? 'denied', denial: kind };
  const text = typeof entry.toolUseResult === 'string' ? entry.toolUseResult : resultText(block.content);
  if (block.is_error === true) {
    for (const d of DENIAL_TEXTS) if (d.re.test(text)) return { outcome: d.outcome, denial: d.kind };
    // Input validation (a missing file, a stale read) fails before permissions are consulted.
    if (/^\s*<tool_use_error>/.test(resultText(block.content))) return { outcome: 'unknown', denial: 'invalid-input' };
  }
  return { outcome: 'approved' };
}

/**
 * Reads Claude Code session entries (`~/.claude/projects/<project>/<session>.jsonl`): each
 * `tool_use` block of an `assistant` entry is paired with the `tool_result` of a later `user`
 * entry; a call whose result never came is reported with outcome unknown at the end.
 */
export class ClaudeSessionReader {
  private open = new Map<string, Observation>();
  /** The session's permission mode, from the last entry that recorded one. */
  private mode: string | undefined;

  constructor(private readonly file: string, private readonly emit: (o: Observation) => void) {}

  /** Whether a parsed line is a session entry. */
  static claims(v: Obj): boolean {
    return typeof v.type === 'string';
  }

  line(v: Obj, line: number): string | undefined {
    if (typeof v.permissionMode === 'string') this.mode = v.permissionMode;
    const msg = v.message;
    if (!isObj(msg) || !Array.isArray(msg.content)) return undefined;
    if (v.type === 'assistant') {
      for (const b of msg.content) {
        if (!isObj(b) || b.type !== 'tool_use') continue;
        if (typeof b.id !== 'string' || typeof b.name !== 'string') return 'a tool_use block without a string "id" and "name"';
        this.remember(b.id, {
          format: 'claude-session',
          ...claudeCall(b.name, b.input),
          ...(typeof v.cwd === 'string' ? { cwd: v.cwd } : {}),
          ...(this.mode ? { mode: this.mode } : {}),
          outcome: 'unknown',
          ...(typeof v.timestamp === 'string' ? { time: v.timestamp } : {}),
          file: this.file,
          line,
        });
      }
    } else if (v.type === 'user') {
      for (const b of msg.content) {
        if (!isObj(b) || b.type !== 'tool_result' || typeof b.tool_use_id !== 'string') continue;
        const call = this.open.get(b.tool_use_id);
        if (!call) continue; // a result whose call is in an earlier, compacted part of the history
        this.open.delete(b.tool_use_id);
        const j = judgeResult(b, v);
        this.emit({ ...call, outcome: j.outcome, ...(j.denial ? { denial: j.denial } : {}) });
      }
    }
    return undefined;
  }

  private remember(id: string, o: Observation): void {
    if (this.open.size >= MAX_OPEN_CALLS) {
      const [oldest, call] = this.open.entries().next().value as [string, Observation];
      this.open.delete(oldest);
      this.emit(call);
    }
    this.open.set(id, o);
  }

  end(): void {
    for (const call of this.open.values()) this.emit(call);
    this.open.clear();
  }
}
