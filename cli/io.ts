import * as os from 'os';
import * as path from 'path';
import * as fs from 'fs';
import { listEntries, nodePathFs, readText } from '../shared/host/node-fs';
import { readBounded, type ReadResult } from '../shared/host/read-file';
import type { CheckHost } from '../shared/check/check-file';
import { CONFIG_FILE, EMPTY_CONFIG, parseLintConfig, type LintConfig } from '../shared/config/lint-config';
import type { EvalContext, Finding } from '../shared/model';

/** A usage or I/O problem: exit code 2 with a clear message. */
export class UsageError extends Error {}

/** Anything at the path but a folder: a FIFO named like a requests file is found, then refused with a reason. */
function presentNotFolder(p: string): boolean {
  try {
    return !fs.statSync(p).isDirectory();
  } catch {
    return false;
  }
}

export const nodeHost: CheckHost = { readFile: readText, exists: presentNotFolder, readChecked: (p) => readBounded(p), list: listEntries };

/**
 * The text of a file a command was given, or a usage error (exit 2) that says why it cannot be read.
 * @example readInput('opencode.json', 'opencode.json') // '{ "permissions": … }'
 */
export function readInput(p: string, shown: string): string {
  const r: ReadResult = readBounded(p);
  if (r.ok) return r.text;
  throw new UsageError(`${shown} ${r.reason}`);
}

export function evalContext(userSettings?: unknown): EvalContext {
  const ctx: EvalContext = { home: os.homedir(), fs: nodePathFs };
  if (typeof userSettings === 'string') {
    const text = readText(userSettings);
    if (text === undefined) throw new UsageError(`cannot read --user-settings ${userSettings}`);
    ctx.userSettings = { path: userSettings, text };
  }
  return ctx;
}

/** The nearest `.rulelens.json` at or above `start`, or the empty config; with its own problems. */
export function findLintConfig(start: string): { config: LintConfig; path: string | null; findings: Finding[] } {
  let dir = path.resolve(start);
  for (;;) {
    const p = path.join(dir, CONFIG_FILE);
    const text = readText(p);
    if (text !== undefined) {
      const parsed = parseLintConfig(p, text);
      return { config: parsed.config, path: p, findings: parsed.findings };
    }
    const up = path.dirname(dir);
    if (up === dir) return { config: EMPTY_CONFIG, path: null, findings: [] };
    dir = up;
  }
}

/**
 * Prints a config file's problems to stderr (`path:line:col: severity [code] message`), so a
 * mistake in `.rulelens.json` is never silently dropped.
 * @example reportConfigFindings(stdio, '/ws/.rulelens.json', findings)
 */
export function reportConfigFindings(io: Out, file: string | null, findings: readonly Finding[]): void {
  if (!file) return;
  for (const f of findings) io.err(`${file}:${f.range.start.line + 1}:${f.range.start.character + 1}: ${f.severity} [${f.code}] ${f.message}`);
}

/** Output sink, so tests and commands share one way of printing. */
export interface Out {
  out(s: string): void;
  err(s: string): void;
}

export const stdio: Out = {
  out: (s) => process.stdout.write(s.endsWith('\n') ? s : s + '\n'),
  err: (s) => process.stderr.write(s.endsWith('\n') ? s : s + '\n'),
};
