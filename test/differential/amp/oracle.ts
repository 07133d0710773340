// Asks Amp's own CLI what it decides: `amp permissions test <tool> --settings-file F --json`, offline
// (no login needed), with a fresh HOME and proxies pointed at a dead port. About 5 s per call.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { installOracle } from '../oracle-cache';
import type { AmpCase } from './generate';

export const AMP_PACKAGE = '@ampcode/cli';
/** The newest version whose linux-x64 binary is published (the `latest` tag's is not). */
export const AMP_CLI_VERSION = '0.0.1790142911-g7618fb';
const CALL_TIMEOUT_MS = 60_000;

export interface AmpAnswer {
  action: 'allow' | 'ask' | 'reject' | 'delegate' | null;
  source: 'user' | 'built-in' | null;
  matchIndex: number | null;
}

/** The installed `amp` binary (installs the pinned package into the oracle cache once). */
export function ampBinary(): string {
  return join(installOracle(AMP_PACKAGE, AMP_CLI_VERSION), 'node_modules', '.bin', 'amp');
}

/** One call of `amp permissions test` for a case; rejects on anything but its JSON answer. */
export function askAmp(bin: string, c: AmpCase): Promise<AmpAnswer> {
  const dir = mkdtempSync(join(tmpdir(), 'rulelens-amp-'));
  const settings = join(dir, 'settings.json');
  writeFileSync(settings, JSON.stringify({ 'amp.permissions': c.permissions }));
  const argv = ['permissions', 'test', c.tool, '--settings-file', settings, '--json', ...(c.context === 'subagent' ? ['-c', 'subagent'] : []), ...Object.entries(c.args).flatMap(([k, v]) => [`--${k}`, v])];
  const env = { PATH: process.env.PATH ?? '', HOME: join(dir, 'home'), XDG_CONFIG_HOME: join(dir, 'home', '.config'), HTTPS_PROXY: 'http://127.0.0.1:9', HTTP_PROXY: 'http://127.0.0.1:9', NO_PROXY: '127.0.0.1,localhost' };
  return new Promise((resolve, reject) => {
    const p = spawn(bin, argv, { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    const timer = setTimeout(() => p.kill('SIGKILL'), CALL_TIMEOUT_MS);
    p.stdout.on('data', (d) => (out += d));
    p.stderr.on('data', (d) => (err += d));
    p.on('close', (code) => {
      clearTimeout(timer);
      rmSync(dir, { recursive: true, force: true });
      try {
        const o = JSON.parse(out) as { action?: AmpAnswer['action']; source?: AmpAnswer['source']; matchIndex?: number };
        resolve({ action: o.action ?? null, source: o.source ?? null, matchIndex: typeof o.matchIndex === 'number' ? o.matchIndex : null });
      } catch {
        reject(new Error(`amp permissions test exited ${code}: ${out.slice(0, 300)} ${err.slice(0, 300)}`));
      }
    });
  });
}
