// A long-lived oracle process spoken to in JSON lines: one request line in, one result line out
// (lines starting with a marker, so the agent's own log output on stdout is skipped).
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createInterface } from 'node:readline';

export const RESULT_MARKER = '@@RESULT ';

export class LineOracle {
  private readonly child: ChildProcessWithoutNullStreams;
  private readonly waiting: Array<(line: string) => void> = [];
  private stderr = '';

  constructor(command: string, args: string[], env: NodeJS.ProcessEnv = process.env) {
    this.child = spawn(command, args, { env, stdio: ['pipe', 'pipe', 'pipe'] });
    this.child.stderr.on('data', (d) => (this.stderr = (this.stderr + String(d)).slice(-4000)));
    createInterface({ input: this.child.stdout }).on('line', (line) => {
      if (line.startsWith(RESULT_MARKER)) this.waiting.shift()?.(line.slice(RESULT_MARKER.length));
    });
    this.child.on('exit', (code) => {
      for (const w of this.waiting.splice(0)) w(JSON.stringify({ crash: `oracle exited with ${code}: ${this.stderr}` }));
    });
  }

  /** Sends one case and resolves with the parsed result line. */
  ask<T>(payload: unknown): Promise<T> {
    return new Promise((resolve) => {
      this.waiting.push((line) => resolve(JSON.parse(line) as T));
      this.child.stdin.write(JSON.stringify(payload) + '\n');
    });
  }

  close(): void {
    this.child.stdin.end();
  }
}
