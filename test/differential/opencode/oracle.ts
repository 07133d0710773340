// Asks the real OpenCode (`opencode-ai`, pinned) for an agent's resolved rule list: `opencode debug
// agent NAME` in a fresh project folder with HOME pointing at a fresh empty folder, so nothing of
// the machine running the tests leaks in.
import { spawn } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { installOracle } from '../oracle-cache';
import { OPENCODE_VERSION } from '../../../shared/dialects/opencode/builtins';

/** One rule as OpenCode prints it. */
export interface OracleRule {
  permission: string;
  pattern: string;
  action: 'allow' | 'ask' | 'deny';
}

export type OracleAnswer = { ok: true; rules: OracleRule[] } | { ok: false; error: string };

/** A call that has not printed its agent by then has hung. */
const CALL_TIMEOUT_MS = 120_000;

/** The pinned oracle's binary (installed on first use). The modelled version and the oracle's are one constant. */
export function opencodeBinary(): string {
  return join(installOracle('opencode-ai', OPENCODE_VERSION), 'node_modules', '.bin', 'opencode');
}

/** A fresh project folder holding `opencode.json` and a fresh empty home beside it. */
export function freshProject(config: string): { root: string; project: string; home: string; dispose(): void } {
  const root = mkdtempSync(join(tmpdir(), 'rulelens-oc-'));
  const project = join(root, 'project');
  const home = join(root, 'home');
  mkdirSync(project);
  mkdirSync(home);
  writeFileSync(join(project, 'opencode.json'), config);
  return { root, project, home, dispose: () => rmSync(root, { recursive: true, force: true }) };
}

/**
 * `opencode debug agent NAME` in `project` with HOME=`home` (and `extraEnv`, such as
 * `OPENCODE_CONFIG_CONTENT`). The process is stopped as soon as the
 * agent's JSON is complete (it lingers for seconds after printing otherwise).
 * @example await debugAgent(bin, p.project, p.home, 'plan') // { ok: true, rules: [...] }
 */
export function debugAgent(bin: string, project: string, home: string, agent: string, extraEnv: Record<string, string> = {}): Promise<OracleAnswer> {
  return new Promise((resolve) => {
    const env: Record<string, string> = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: home, OPENCODE_DISABLE_AUTOUPDATE: '1', NO_PROXY: '*', ...extraEnv };
    const child = spawn(bin, ['debug', 'agent', agent], { cwd: project, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let out = '';
    let err = '';
    let done = false;
    const finish = (a: OracleAnswer) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // already gone
      }
      resolve(a);
    };
    const timer = setTimeout(() => finish({ ok: false, error: `timed out after ${CALL_TIMEOUT_MS} ms` }), CALL_TIMEOUT_MS);
    const tryParse = () => {
      const start = out.indexOf('{');
      if (start < 0) return;
      try {
        const parsed = JSON.parse(out.slice(start)) as { permission?: OracleRule[] };
        if (Array.isArray(parsed.permission)) finish({ ok: true, rules: parsed.permission.map((r) => ({ permission: r.permission, pattern: r.pattern, action: r.action })) });
      } catch {
        // not complete yet
      }
    };
    child.stdout.on('data', (d) => {
      out += d;
      tryParse();
    });
    child.stderr.on('data', (d) => (err += d));
    child.on('close', (code) => {
      tryParse();
      finish({ ok: false, error: `exit ${code}: ${err.slice(0, 2000)}` });
    });
  });
}
