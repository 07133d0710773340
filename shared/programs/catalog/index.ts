import { FILES } from './files';
import { INTERPRETERS } from './interpreters';
import { PACKAGES } from './packages';
import { RUNNERS } from './runners';
import { VCS } from './vcs';
import type { ProgramEntry } from '../types';

/** Every program the knowledge base knows, in review order. */
export const CATALOG: readonly ProgramEntry[] = [...INTERPRETERS, ...RUNNERS, ...PACKAGES, ...VCS, ...FILES];

const BY_NAME = new Map<string, ProgramEntry>();
for (const e of CATALOG) for (const n of e.names) if (!BY_NAME.has(n)) BY_NAME.set(n, e);

/**
 * The entry for a program's base name: as written, else without a Windows `.exe` and without a
 * version suffix (`python3.12` → `python3`, `node20` → `node`).
 * @example programNamed('python3.12')?.names[0] // 'python'
 * @example programNamed('ls') // undefined
 */
export function programNamed(base: string): ProgramEntry | undefined {
  const plain = base.replace(/\.exe$/i, '');
  const stem = withoutVersion(plain);
  return BY_NAME.get(plain) ?? BY_NAME.get(stem) ?? BY_NAME.get(stem.replace(/[-.]$/, ''));
}

/** A name without its trailing digits and dots (`python3.12` → `python`), scanned from the end. */
function withoutVersion(name: string): string {
  let end = name.length;
  while (end > 0 && /[\d.]/.test(name[end - 1])) end--;
  return name.slice(0, end);
}
