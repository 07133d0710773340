/** What became of one tool call, as far as the history shows. */
export type Outcome = 'approved' | 'denied' | 'unknown';

/** Which history format a call was read from. */
export type HistoryFormat = 'claude-session' | 'claude-hook' | 'gemini-session' | 'codex-session';

/**
 * One tool call seen in an agent's history, in one agent-neutral shape: the tool under its Claude
 * Code name (`Bash`, `Read`, `Edit`, `Write`, `WebFetch`, `mcp__srv__tool`, …) and what it acts on.
 */
export interface Observation {
  format: HistoryFormat;
  tool: string;
  command?: string;
  path?: string;
  url?: string;
  /** The tool's arguments when no single subject field names what it acts on. */
  input?: Record<string, unknown>;
  /** Permission mode in force, when the history records it. */
  mode?: string;
  cwd?: string;
  outcome: Outcome;
  /** Why a call was denied (`user-rejected`, `permission-rule`, `policy`, …). */
  denial?: string;
  /** ISO time of the call, when recorded. */
  time?: string;
  /** Where the call was read: file and 1-based line. */
  file: string;
  line: number;
}

/** A line that could not be read; the rest of the file still is. */
export interface LineError {
  file: string;
  line: number;
  message: string;
}

/** Everything observed for one distinct call: how often, when, and how it ended. */
export interface HistoryEntry {
  /** The neutral call (first seen occurrence's fields). */
  call: Omit<Observation, 'file' | 'line' | 'time'>;
  count: number;
  firstSeen: string | null;
  lastSeen: string | null;
  /** True when a secret was replaced in the call's arguments. */
  redacted: boolean;
  formats: HistoryFormat[];
}
