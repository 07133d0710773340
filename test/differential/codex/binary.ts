// Where the pinned Codex CLI's binary is, once installed into the oracle cache.
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** The pinned Codex CLI version every differential run asks. */
export const CODEX_VERSION = '0.171.0';

/** The native binary when the platform package has one (about 15× faster than the node wrapper). */
export function codexBinary(dir: string): string {
  const triples: Record<string, string> = { 'linux-x64': 'x86_64-unknown-linux-musl', 'linux-arm64': 'aarch64-unknown-linux-musl', 'darwin-arm64': 'aarch64-apple-darwin', 'darwin-x64': 'x86_64-apple-darwin' };
  const key = `${process.platform}-${process.arch}`;
  const native = join(dir, 'node_modules', '@openai', `codex-${key}`, 'vendor', triples[key] ?? '', 'bin', 'codex');
  return existsSync(native) ? native : join(dir, 'node_modules', '.bin', 'codex');
}
