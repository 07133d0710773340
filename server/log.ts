import type { Connection } from 'vscode-languageserver';

/** `rulelens.trace.server`: `off` logs start-up and problems only; `messages`/`verbose` add timings. */
export type TraceLevel = 'off' | 'messages' | 'verbose';

/** @example traceLevel({ trace: { server: 'verbose' } }) // 'verbose' */
export function traceLevel(settings: unknown): TraceLevel {
  const v = (settings as { trace?: { server?: unknown } } | undefined)?.trace?.server;
  return v === 'messages' || v === 'verbose' ? v : 'off';
}

/**
 * The server's log in the client's output (window/logMessage): start-up, version and dialects at
 * info level, and per-validation timings at debug level once `rulelens.trace.server` is on.
 */
export class ServerLog {
  level: TraceLevel = 'off';

  constructor(private readonly connection: Connection) {}

  info(message: string): void {
    this.connection.console.info(message);
  }

  /** Logged only when tracing is on, so a quiet setup stays quiet. */
  debug(message: string): void {
    if (this.level !== 'off') this.connection.console.log(message);
  }
}
