import { fileCommand, probesFor, READERS } from '../programs';
import { MAX_WITNESSES_PER_RULE, type NeutralRequest } from './neutral';

/** Readers of a file (`cat`, `head`, …) a path rule's witnesses include: the ways another agent's shell reads it. */
export const MAX_READER_WITNESSES = 3;
/** A path spelled in a shell witness as it is must need no quoting: no spaces, no shell words. */
const PLAIN_PATH = /^[\w./-]+$/;

/**
 * The neutral calls a rule on a command prefix speaks of: the command itself, then what the
 * knowledge base of programs (`shared/programs`) knows that prefix can go on to do (`git push` →
 * `git push --force origin main`; `python` → `python -c …`). Each is a candidate only: the caller
 * proves with both evaluators that the agents decide it differently.
 * @example commandWitnesses('git push').map((w) => w.kind === 'shell' && w.command) // ['git push', 'git push --force origin main', …]
 */
export function commandWitnesses(prefix: string): NeutralRequest[] {
  const out = new Set<string>([prefix]);
  for (const p of probesFor(`${prefix} *`, `${prefix} `)) {
    if (out.size >= MAX_WITNESSES_PER_RULE) break;
    out.add(p.command);
  }
  return [...out].map((command) => ({ kind: 'shell', command }));
}

/**
 * The neutral calls a rule on a file path speaks of: the read (or write) of it, and for a read the
 * first few shell commands that print the file (`cat .env`), the way an agent whose rules judge
 * commands only reads it.
 * @example pathWitnesses('read', '.env') // [{ kind: 'read', path: '.env' }, { kind: 'shell', command: 'cat .env' }, …]
 */
export function pathWitnesses(kind: 'read' | 'write', path: string): NeutralRequest[] {
  const out: NeutralRequest[] = [{ kind, path }];
  if (kind === 'read' && PLAIN_PATH.test(path)) for (const r of READERS.slice(0, MAX_READER_WITNESSES)) out.push({ kind: 'shell', command: fileCommand(r, path) });
  return out.slice(0, MAX_WITNESSES_PER_RULE);
}
