import { geminiCall } from './call';
import { MAX_OPEN_CALLS } from './claude-session';
import type { Observation, Outcome } from './types';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);

/** Gemini CLI tool call statuses and what each says about the permission decision. */
const STATUS: Readonly<Record<string, Outcome>> = {
  success: 'approved',
  error: 'approved',
  cancelled: 'denied',
  validating: 'unknown',
  scheduled: 'unknown',
  executing: 'unknown',
  awaiting_approval: 'unknown',
};

const POLICY_DENIAL = /denied by policy|policy_violation/i;
/** The `type` of a chat record the model wrote (a value of Gemini CLI's log format, not a dialect id). */
const MODEL_RECORD = 'gemini';

/**
 * Reads Gemini CLI chat records (`~/.gemini/tmp/<project>/chats/session-*.jsonl`: a metadata line,
 * then message records, rewritten by appending a record with the same id; older versions keep
 * one JSON document with `messages[]`). Tool calls of `gemini` messages are kept by id, the
 * latest record winning, and reported at the end of the file.
 */
export class GeminiSessionReader {
  private calls = new Map<string, Observation>();
  private dirs: string | undefined;

  constructor(private readonly file: string, private readonly emit: (o: Observation) => void) {}

  /** Whether a parsed line is a Gemini chat record. */
  static claims(v: Obj): boolean {
    return 'projectHash' in v || v.type === MODEL_RECORD || '$rewindTo' in v || '$set' in v || (Array.isArray(v.messages) && 'sessionId' in v);
  }

  line(v: Obj, line: number): string | undefined {
    if (Array.isArray(v.messages)) {
      for (const m of v.messages) if (isObj(m)) this.message(m, line);
      return undefined;
    }
    if (Array.isArray(v.directories) && typeof v.directories[0] === 'string') this.dirs = v.directories[0];
    this.message(v, line);
    return undefined;
  }

  private message(m: Obj, line: number): void {
    if (m.type !== MODEL_RECORD || !Array.isArray(m.toolCalls)) return;
    for (const c of m.toolCalls) {
      if (!isObj(c) || typeof c.name !== 'string') continue;
      const id = typeof c.id === 'string' ? c.id : `${line}:${this.calls.size}`;
      const status = typeof c.status === 'string' ? c.status : '';
      let outcome: Outcome = STATUS[status] ?? 'unknown';
      let denial: string | undefined = outcome === 'denied' ? 'user-rejected' : undefined;
      if (status === 'error' && POLICY_DENIAL.test(safeJson(c.result) + safeJson(c.resultDisplay))) {
        outcome = 'denied';
        denial = 'policy';
      }
      // A rewind drops messages from the conversation, but the calls in them did run: keep them.
      this.calls.delete(id);
      if (this.calls.size >= MAX_OPEN_CALLS) {
        const [oldest, call] = this.calls.entries().next().value as [string, Observation];
        this.calls.delete(oldest);
        this.emit(call);
      }
      this.calls.set(id, {
        format: 'gemini-session',
        ...geminiCall(c.name, c.args),
        ...(this.dirs ? { cwd: this.dirs } : {}),
        outcome,
        ...(denial ? { denial } : {}),
        ...(typeof c.timestamp === 'string' ? { time: c.timestamp } : typeof m.timestamp === 'string' ? { time: m.timestamp } : {}),
        file: this.file,
        line,
      });
    }
  }

  end(): void {
    for (const c of this.calls.values()) this.emit(c);
    this.calls.clear();
  }
}

function safeJson(v: unknown): string {
  if (v === undefined) return '';
  try {
    return typeof v === 'string' ? v : JSON.stringify(v);
  } catch {
    return '';
  }
}
